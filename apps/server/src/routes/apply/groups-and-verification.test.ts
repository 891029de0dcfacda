import { EMPTY_ELIGIBILITY, type FormDefinition } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educationEntries } from '../../db/schema';
import { seedGroup, seedOpeningInput, seedOrganization, seedStudent, seedVerificationGroup } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const key = () => `key-${crypto.randomUUID()}`;

async function organization(name = 'Acme') {
  const org = await seedOrganization(server.db, { name });
  return { org, token: await server.tokenFor(org.id) };
}

async function student(name = 'Asha Verma') {
  const user = await seedStudent(server.db, { name });
  return { user, token: await server.tokenFor(user.id) };
}

describe('openings limited to groups', () => {
  it("accepts only the organization's own groups, and only their members", async () => {
    const { org, token } = await organization();
    const { org: other } = await organization('Globex');
    const { user: member, token: memberToken } = await student('Member');
    const { token: outsiderToken } = await student('Outsider');
    const group = await seedGroup(server.db, { ownerId: org.id, name: 'Campus 2026', members: [member.id] });
    const foreign = await seedGroup(server.db, { ownerId: other.id, name: 'Not yours' });

    const refused = await server.call('/api/organization/openings', {
      token,
      body: seedOpeningInput({ eligibility: { ...EMPTY_ELIGIBILITY, groupIds: [foreign.id] } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields).toEqual([
      { field: 'eligibility.groupIds', message: 'Choose from your own groups.' },
    ]);

    const created = await server.call('/api/organization/openings', {
      token,
      body: seedOpeningInput({ eligibility: { ...EMPTY_ELIGIBILITY, groupIds: [group.id] } }),
    });
    expect(created.status).toBe(200);
    const openingId = created.body.result.data.id;
    const update = await server.call('/api/organization/openings/id', {
      token,
      method: 'PUT',
      body: {
        id: openingId,
        opening: seedOpeningInput({ eligibility: { ...EMPTY_ELIGIBILITY, groupIds: [foreign.id] } }),
      },
    });
    expect(update.body.exception.error.fields[0].field).toBe('opening.eligibility.groupIds');

    const outsiderView = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, {
      token: outsiderToken,
    });
    expect(outsiderView.body.result.data).toMatchObject({
      blocker: 'notEligible',
      eligibilityGroups: [{ id: group.id, name: 'Campus 2026' }],
      viewer: { failedRules: ['groupMembership'] },
    });
    const answers = { name: 'X', email: 'x@example.com' };
    const outsider = await server.call('/api/placements/campus/apply', {
      token: outsiderToken,
      body: { openingId, idempotencyKey: key(), answers },
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.exception.error.message).toContain("Member of the organization's group");

    const joined = await server.call('/api/placements/campus/apply', {
      token: memberToken,
      body: { openingId, idempotencyKey: key(), answers },
    });
    expect(joined.status).toBe(200);

    const feed = await server.call('/api/placements/campus/all/openings?eligibleOnly=true', { token: outsiderToken });
    expect(feed.body.result.data.items.map((item: { id: string }) => item.id)).not.toContain(openingId);
    const memberFeed = await server.call('/api/placements/campus/all/openings?eligibleOnly=true', {
      token: memberToken,
    });
    expect(memberFeed.body.result.data.items.map((item: { id: string }) => item.id)).toContain(openingId);
  });
});

describe('verified education on applications', () => {
  const form: FormDefinition = {
    sections: [
      {
        id: 's',
        title: 'Education',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: true, autoFillKey: 'name' },
          { id: 'degree', type: 'shortText', label: 'Degree', required: true, autoFillKey: 'degree' },
          { id: 'grade', type: 'number', label: 'CGPA', required: true, autoFillKey: 'grade' },
          { id: 'school', type: 'shortText', label: 'Institution', required: true, autoFillKey: 'institution' },
        ],
      },
    ],
  };

  it('marks answers that match a verified education, lists verified records, and gates verified-only openings', async () => {
    const { org, token } = await organization('Initech');
    const { user, token: studentToken } = await student('Kavya Iyer');
    const verifier = await seedStudent(server.db, { name: 'Placement Officer' });
    const verifierToken = await server.tokenFor(verifier.id);
    const cell = await seedVerificationGroup(server.db, {
      ownerId: org.id,
      name: 'NIT Placement Cell',
      approvalState: 'approved',
      roles: [{ email: verifier.email, role: 'verifier' }],
      members: [user.id],
    });
    const education = {
      institutionName: 'NIT Trichy',
      degree: 'B.Tech',
      fieldOfStudy: 'Computer Science',
      startMonth: '2022-08',
      endMonth: '2026-05',
      grade: 8.7,
      gradeScale: 'CGPA_10',
    };
    const added = await server.call('/api/individual/education', { token: studentToken, body: education });
    expect(added.status).toBe(200);
    const [entry] = await server.db
      .select()
      .from(educationEntries)
      .where(and(eq(educationEntries.userId, user.id)));
    if (!entry) throw new Error('no education');

    const opening = await server.call('/api/organization/openings', {
      token,
      body: seedOpeningInput({ form, eligibility: { ...EMPTY_ELIGIBILITY, verifiedEducationOnly: true } }),
    });
    const openingId = opening.body.result.data.id;
    const before = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, { token: studentToken });
    expect(before.body.result.data.viewer.failedRules).toEqual(['verifiedEducation']);
    // The feed judges the same rule for the signed-in student.
    const inFeed = async () =>
      (await server.call('/api/placements/campus/all/openings', { token: studentToken })).body.result.data.items.find(
        (item: { id: string }) => item.id === openingId,
      );
    expect(await inFeed()).toMatchObject({ eligible: false });

    const decided = await server.call('/api/verification/record', {
      token: verifierToken,
      body: {
        groupId: cell.id,
        userId: user.id,
        recordKind: 'education',
        recordId: entry.id,
        recordUpdatedAt: entry.updatedAt.toISOString(),
        decision: 'verified',
      },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    expect(await inFeed()).toMatchObject({ eligible: true });
    const form2 = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, { token: studentToken });
    expect(form2.body.result.data.blocker).toBeNull();
    const prefill = form2.body.result.data.viewer.prefill;
    expect(prefill).toEqual({ name: 'Kavya Iyer', degree: 'B.Tech', grade: 8.7, school: 'NIT Trichy' });

    // The degree is typed differently by hand: that answer is not backed by the verified record.
    const submitted = await server.call('/api/placements/campus/apply', {
      token: studentToken,
      body: { openingId, idempotencyKey: key(), answers: { ...prefill, degree: 'B.Tech (Hons)' } },
    });
    expect(submitted.status).toBe(200);
    expect(Object.keys(submitted.body.result.data.verifiedAnswers).sort()).toEqual(['grade', 'school']);
    expect(submitted.body.result.data.verifiedAnswers.grade).toMatchObject({
      groupName: 'NIT Placement Cell',
      verifierName: 'Placement Officer',
    });
    // The form shows the applicant the application as submitted, verified answers included.
    const form3 = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, { token: studentToken });
    expect(form3.body.result.data.viewer.application).toEqual(submitted.body.result.data);

    const page = await server.call(`/api/organization/openings/id/applications?id=${openingId}`, { token });
    const [application] = page.body.result.data.items;
    expect(Object.keys(application.verifiedAnswers).sort()).toEqual(['grade', 'school']);
    expect(application.verifiedRecords).toEqual([
      expect.objectContaining({
        recordKind: 'education',
        title: 'B.Tech, Computer Science — NIT Trichy',
        groupName: 'NIT Placement Cell',
      }),
    ]);

    const csv = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
      token,
    });
    expect(csv.body).toContain('Verified records');
    expect(csv.body).toContain('B.Tech, Computer Science — NIT Trichy (verified by NIT Placement Cell,');
    expect(csv.body).toContain('CGPA; Institution');

    // Editing the education voids the badge: the same answers are no longer backed.
    const edited = await server.call('/api/individual/education', {
      token: studentToken,
      method: 'PUT',
      body: { id: entry.id, entry: { ...education, grade: 9.1 } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await server.call(`/api/organization/openings/id/applications?id=${openingId}`, { token });
    expect(after.body.result.data.items[0].verifiedAnswers).toEqual({});
  });
});
