import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedEmail,
  seedInstitution,
  seedInstitutionRole,
  seedNewUser,
  seedOrganization,
  seedStudent,
  seedVerificationGroup,
} from '../../seed/helpers';
import { badgeKey, verificationBadgesFor } from '../../services/verification';
import { startTestServer, type TestServer } from '../../test/harness';

const ADMIN_EMAIL = 'trust@placely.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ verificationAdminEmails: [ADMIN_EMAIL] });
});
afterAll(() => server?.close());

async function person(kind: 'org' | 'student', name: string) {
  const user =
    kind === 'org'
      ? await seedOrganization(server.db, {
          name,
          email: seedEmail(`${name.replace(/\W/g, '')}-${crypto.randomUUID()}`),
        })
      : await seedStudent(server.db, { name, email: seedEmail(`${name.replace(/\W/g, '')}-${crypto.randomUUID()}`) });
  return { user, token: await server.tokenFor(user.id) };
}
async function platformAdmin() {
  const user = await seedOrganization(server.db, { email: ADMIN_EMAIL, name: 'Placely Trust' });
  return { user, token: await server.tokenFor(user.id) };
}
const get = (path: string, token?: string) => server.call(path, { token });
const post = (path: string, token: string, body: unknown) => server.call(path, { token, body });

/** An approved group run by an organization, with an admin, a verifier and a viewer and one member. */
async function staffedGroup() {
  const owner = await person('org', 'Placement Cell');
  const admin = await person('student', 'Anil Admin');
  const verifier = await person('student', 'Vera Verifier');
  const viewer = await person('student', 'Vik Viewer');
  const member = await person('student', 'Maya Member');
  const group = await seedVerificationGroup(server.db, {
    ownerId: owner.user.id,
    roles: [
      { email: admin.user.email, role: 'admin' },
      { email: verifier.user.email, role: 'verifier' },
      { email: viewer.user.email, role: 'viewer' },
    ],
    members: [member.user.id],
  });
  return { owner, admin, verifier, viewer, member, group };
}

async function addEducation(token: string, degree = 'B.Tech') {
  const added = await post('/api/individual/education', token, {
    institutionName: 'College of Engineering Pune',
    degree,
    fieldOfStudy: 'Computer Engineering',
    startMonth: '2022-08',
    endMonth: '2026-05',
    grade: 8.6,
    gradeScale: 'CGPA_10',
  });
  expect(added.status).toBe(200);
  return added.body.result.data.entries.find((entry: { degree: string }) => entry.degree === degree);
}

async function recordsOf(token: string, groupId: string, userId: number) {
  return get(`/api/verification/member/records?groupId=${groupId}&userId=${userId}`, token);
}

async function decide(
  token: string,
  groupId: string,
  userId: number,
  recordId: string,
  decision: 'verified' | 'rejected',
  note?: string,
) {
  const records = await recordsOf(token, groupId, userId);
  const version = records.body.result?.data?.records.find((r: { recordId: string }) => r.recordId === recordId);
  return post('/api/verification/record', token, {
    groupId,
    userId,
    recordKind: 'education',
    recordId,
    recordUpdatedAt: version?.updatedAt ?? new Date().toISOString(),
    decision,
    note,
  });
}

describe('verification groups', () => {
  it('401 signed out on every caller-specific route', async () => {
    const id = crypto.randomUUID();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/verification/groups/verification'],
      ['GET', '/api/verification/groups/admin'],
      ['GET', '/api/verification/admin'],
      ['POST', '/api/verification/group', { name: 'x' }],
      ['PATCH', '/api/verification/group', { id, name: 'x' }],
      ['DELETE', `/api/verification/group?id=${id}`],
      ['POST', '/api/verification/group/approval', { id, decision: 'approved' }],
      ['POST', '/api/verification/join', { groupId: id }],
      ['POST', '/api/verification/leave', { groupId: id }],
      ['GET', '/api/verification/groupJoiningRequests'],
      ['POST', '/api/verification/request/accept', { ids: [id] }],
      ['POST', '/api/verification/request/decline', { ids: [id] }],
      ['GET', '/api/verification/members'],
      ['POST', '/api/verification/remove/member', { groupId: id, userId: 1 }],
      ['GET', '/api/verification/followers'],
      ['POST', '/api/verification/remove/follower', { groupId: id, userId: 1 }],
      ['POST', '/api/verification/follow', { groupId: id }],
      ['POST', '/api/verification/unfollow', { groupId: id }],
      ['GET', '/api/following/verificationGroups/ids'],
      ['GET', `/api/verification/group/userAccess/email?groupId=${id}`],
      ['POST', '/api/verification/group/userAccess/email', { groupId: id, email: 'a@b.co', role: 'viewer' }],
      ['DELETE', `/api/verification/group/userAccess/email?groupId=${id}&email=a@b.co`],
      ['GET', `/api/verifications/group/user/role?groupId=${id}`],
      ['GET', `/api/verification/member/records?groupId=${id}&userId=1`],
      ['POST', '/api/verification/record', {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await server.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('a new group awaits approval by a platform verification admin before anyone can join', async () => {
    const owner = await person('org', 'Acme Verify');
    const created = await post('/api/verification/group', owner.token, {
      name: 'Acme alumni',
      description: 'Internships at Acme',
      joinPolicy: 'request',
    });
    expect(created.status).toBe(200);
    const group = created.body.result.data;
    expect(group).toMatchObject({
      approvalState: 'pending',
      owner: { userId: owner.user.id, name: 'Acme Verify' },
      viewer: { role: 'owner' },
      abilities: { manage: true, delete: true, grantOwner: true, verify: false, approve: false },
    });

    const student = await person('student', 'Sara');
    expect((await post('/api/verification/join', student.token, { groupId: group.id })).status).toBe(403);
    const publicDetails = await get(`/api/verification/details/id?id=${group.id}`);
    expect(publicDetails.body.result.data).toMatchObject({ approvalState: 'pending', abilities: { join: false } });

    expect((await get('/api/verification/groups/verification?view=pending', owner.token)).status).toBe(403);
    expect((await get('/api/verification/admin', owner.token)).body.result.data).toEqual({ verificationAdmin: false });
    expect(
      (await post('/api/verification/group/approval', owner.token, { id: group.id, decision: 'approved' })).status,
    ).toBe(403);

    const admin = await platformAdmin();
    expect((await get('/api/verification/admin', admin.token)).body.result.data).toEqual({ verificationAdmin: true });
    const pending = await get('/api/verification/groups/verification?view=pending', admin.token);
    expect(pending.body.result.data.items.map((g: { id: string }) => g.id)).toContain(group.id);
    expect(pending.body.result.data.items.find((g: { id: string }) => g.id === group.id).abilities.approve).toBe(true);
    const approved = await post('/api/verification/group/approval', admin.token, {
      id: group.id,
      decision: 'approved',
    });
    expect(approved.body.result.data.approvalState).toBe('approved');

    const joined = await post('/api/verification/join', student.token, { groupId: group.id });
    expect(joined.status).toBe(200);
    expect(joined.body.result.data.viewer.membership).toBe('requested');
    const mine = await get('/api/verification/groups/verification', student.token);
    expect(mine.body.result.data.items.map((g: { id: string }) => g.id)).toEqual([group.id]);

    // Rejected groups vanish for everyone but their roles and the platform admins.
    const other = await post('/api/verification/group', owner.token, { name: 'Spam' });
    await post('/api/verification/group/approval', admin.token, {
      id: other.body.result.data.id,
      decision: 'rejected',
    });
    expect((await get(`/api/verification/details/id?id=${other.body.result.data.id}`)).status).toBe(404);
    expect((await get(`/api/verification/details/id?id=${other.body.result.data.id}`, owner.token)).status).toBe(200);
  });

  it('only organizations, or institution roles for their institution, create groups', async () => {
    const student = await person('student', 'Ishaan');
    expect((await post('/api/verification/group', student.token, { name: 'Mine' })).status).toBe(403);
    const institution = await seedInstitution(server.db, { name: 'Test Institute', domain: `ti-${Date.now()}.edu` });
    expect(
      (await post('/api/verification/group', student.token, { name: 'TI', institutionId: institution.id })).status,
    ).toBe(403);
    await seedInstitutionRole(server.db, { institutionId: institution.id, userId: student.user.id, role: 'root' });
    const created = await post('/api/verification/group', student.token, { name: 'TI', institutionId: institution.id });
    expect(created.status).toBe(200);
    expect(created.body.result.data.institution).toEqual({ institutionId: institution.id, name: 'Test Institute' });
    const missing = await post('/api/verification/group', student.token, { name: 'x', institutionId: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.body.exception.error.fields[0].field).toBe('institutionId');

    // The institution's admins run its groups without a role inside them.
    const colleague = await person('student', 'Colleague');
    await seedInstitutionRole(server.db, { institutionId: institution.id, userId: colleague.user.id, role: 'admin' });
    const role = await get(
      `/api/verifications/group/user/role?groupId=${created.body.result.data.id}`,
      colleague.token,
    );
    expect(role.body.result.data).toMatchObject({ role: null, institutionRole: 'admin', abilities: { manage: true } });
    const listed = await get('/api/verification/groups/admin', colleague.token);
    expect(listed.body.result.data.items.map((g: { id: string }) => g.id)).toEqual([created.body.result.data.id]);
  });

  it('role matrix: owner, admin, verifier, viewer, member and stranger', async () => {
    const { owner, admin, verifier, viewer, member, group } = await staffedGroup();
    const stranger = await person('org', 'Stranger Co');
    const expected = {
      owner: { manage: true, delete: true, grantOwner: true, verify: true, viewMembers: true },
      admin: { manage: true, delete: false, grantOwner: false, verify: true, viewMembers: true },
      verifier: { manage: false, delete: false, grantOwner: false, verify: true, viewMembers: true },
      viewer: { manage: false, delete: false, grantOwner: false, verify: false, viewMembers: true },
      member: { manage: false, delete: false, grantOwner: false, verify: false, viewMembers: false },
      stranger: { manage: false, delete: false, grantOwner: false, verify: false, viewMembers: false },
    };
    const actors = { owner, admin, verifier, viewer, member, stranger };
    for (const [name, actor] of Object.entries(actors)) {
      const role = await get(`/api/verifications/group/user/role?groupId=${group.id}`, actor.token);
      expect(role.status, name).toBe(200);
      expect(role.body.result.data.abilities, name).toMatchObject(expected[name as keyof typeof expected]);
      expect(role.body.result.data.role, name).toBe(
        ['owner', 'admin', 'verifier', 'viewer'].includes(name) ? name : null,
      );

      const edit = await server.call('/api/verification/group', {
        token: actor.token,
        method: 'PATCH',
        body: { id: group.id, description: `edited by ${name}` },
      });
      expect(edit.status, `edit by ${name}`).toBe(expected[name as keyof typeof expected].manage ? 200 : 403);
      const members = await get(`/api/verification/members?groupId=${group.id}`, actor.token);
      expect(members.status, `members by ${name}`).toBe(
        expected[name as keyof typeof expected].viewMembers ? 200 : 403,
      );
      const records = await recordsOf(actor.token, group.id, member.user.id);
      expect(records.status, `records by ${name}`).toBe(
        expected[name as keyof typeof expected].viewMembers ? 200 : 403,
      );
      const requests = await get(`/api/verification/groupJoiningRequests?groupId=${group.id}`, actor.token);
      expect(requests.status, `requests by ${name}`).toBe(expected[name as keyof typeof expected].manage ? 200 : 403);
      const roles = await get(`/api/verification/group/userAccess/email?groupId=${group.id}`, actor.token);
      expect(roles.status, `roles by ${name}`).toBe(expected[name as keyof typeof expected].manage ? 200 : 403);
    }

    // Admins grant below owner; only owners grant or take the owner role.
    const grant = (token: string, email: string, role: string) =>
      post('/api/verification/group/userAccess/email', token, { groupId: group.id, email, role });
    expect((await grant(admin.token, 'new.viewer@example.edu', 'viewer')).status).toBe(200);
    expect((await grant(admin.token, 'new.owner@example.edu', 'owner')).status).toBe(403);
    expect((await grant(verifier.token, 'x@example.edu', 'viewer')).status).toBe(403);
    expect((await grant(owner.token, 'new.owner@example.edu', 'owner')).status).toBe(200);
    expect(
      (
        await server.call(`/api/verification/group/userAccess/email?groupId=${group.id}&email=new.owner@example.edu`, {
          token: admin.token,
          method: 'DELETE',
        })
      ).status,
    ).toBe(403);
    // The creator stays owner.
    const creatorRevoke = await server.call(
      `/api/verification/group/userAccess/email?groupId=${group.id}&email=${encodeURIComponent(owner.user.email)}`,
      { token: owner.token, method: 'DELETE' },
    );
    expect(creatorRevoke.status).toBe(409);
    expect((await grant(owner.token, owner.user.email, 'viewer')).status).toBe(409);

    // Deleting: owner only.
    expect(
      (await server.call(`/api/verification/group?id=${group.id}`, { token: admin.token, method: 'DELETE' })).status,
    ).toBe(403);
    expect(
      (await server.call(`/api/verification/group?id=${group.id}`, { token: owner.token, method: 'DELETE' })).status,
    ).toBe(200);
    expect((await get(`/api/verification/details/id?id=${group.id}`)).status).toBe(404);
  });

  it('a role granted by email before sign-up applies from the first sign-in', async () => {
    const { owner, group } = await staffedGroup();
    const email = `newcomer-${Date.now()}@college.example`;
    const granted = await post('/api/verification/group/userAccess/email', owner.token, {
      groupId: group.id,
      email: email.toUpperCase(),
      role: 'verifier',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.result.data.roles.find((r: { email: string }) => r.email === email)).toMatchObject({
      role: 'verifier',
      userId: null,
      name: null,
      removable: true,
    });
    const signedIn = await server.signIn({ email, name: 'New Verifier', assumeStudent: true });
    const role = await get(`/api/verifications/group/user/role?groupId=${group.id}`, signedIn.accessToken);
    expect(role.body.result.data).toMatchObject({ role: 'verifier', abilities: { verify: true } });
    const roles = await get(`/api/verification/group/userAccess/email?groupId=${group.id}`, owner.token);
    expect(roles.body.result.data.roles.find((r: { email: string }) => r.email === email).userId).toBe(
      signedIn.result.body.userId,
    );
    const revoked = await server.call(
      `/api/verification/group/userAccess/email?groupId=${group.id}&email=${encodeURIComponent(email)}`,
      { token: owner.token, method: 'DELETE' },
    );
    expect(revoked.status).toBe(200);
    expect(
      (await get(`/api/verifications/group/user/role?groupId=${group.id}`, signedIn.accessToken)).body.result.data.role,
    ).toBeNull();
  });

  it('verifies a member’s record: badge on the portfolio and the sections, cleared by an edit', async () => {
    const { verifier, member, group } = await staffedGroup();
    const entry = await addEducation(member.token);
    expect(entry.verified).toBe(false);

    const records = await recordsOf(verifier.token, group.id, member.user.id);
    expect(records.status).toBe(200);
    expect(records.body.result.data).toMatchObject({ canVerify: true, person: { name: 'Maya Member' } });
    expect(records.body.result.data.education.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    expect(records.body.result.data.records).toEqual([
      expect.objectContaining({ recordKind: 'education', recordId: entry.id, decision: null }),
    ]);

    const rejectedWithoutNote = await decide(verifier.token, group.id, member.user.id, entry.id, 'rejected');
    expect(rejectedWithoutNote.status).toBe(400);
    expect(rejectedWithoutNote.body.exception.error.fields[0].field).toBe('note');

    const verified = await decide(verifier.token, group.id, member.user.id, entry.id, 'verified', 'Checked transcript');
    expect(verified.status).toBe(200);
    expect(verified.body.result.data).toMatchObject({
      decision: 'verified',
      note: 'Checked transcript',
      verifierName: 'Vera Verifier',
    });

    const section = await get('/api/individual/education', member.token);
    expect(section.body.result.data.entries[0].verified).toBe(true);
    const badges = await verificationBadgesFor(server.db, [member.user.id]);
    expect(badges.get(badgeKey('education', entry.id))).toMatchObject({
      groupName: 'Placement cell verification',
      verifierName: 'Vera Verifier',
    });

    const portfolio = await post('/api/individual/portfolios', member.token, {
      title: 'Main',
      visibility: 'public',
      sections: ['education'],
    });
    const publicId = portfolio.body.result.data.portfolios[0].portfolioId;
    const view = await get(`/api/individual/portfolio/id?portfolioId=${publicId}`);
    expect(view.body.result.data.badges).toEqual([
      expect.objectContaining({
        recordKind: 'education',
        recordId: entry.id,
        groupName: 'Placement cell verification',
      }),
    ]);
    // The portfolio marks the same entry verified, as the person's own list does.
    expect(view.body.result.data.education.map((shown: { id: string; verified: boolean }) => shown.verified)).toEqual([
      true,
    ]);

    // Saving unchanged keeps the badge; a real change clears it.
    const { id: _id, verified: _v, ...same } = entry;
    await server.call('/api/individual/education', {
      token: member.token,
      method: 'PUT',
      body: { id: entry.id, entry: same },
    });
    expect((await get('/api/individual/education', member.token)).body.result.data.entries[0].verified).toBe(true);
    const stale = records.body.result.data.records[0].updatedAt;
    const edited = await server.call('/api/individual/education', {
      token: member.token,
      method: 'PUT',
      body: { id: entry.id, entry: { ...same, grade: 9.4 } },
    });
    expect(edited.body.result.data.entries[0].verified).toBe(false);
    const afterEdit = (await get(`/api/individual/portfolio/id?portfolioId=${publicId}`)).body.result.data;
    expect(afterEdit.badges).toEqual([]);
    expect(afterEdit.education[0].verified).toBe(false);

    // A decision on the version the verifier saw before the edit is refused.
    const late = await post('/api/verification/record', verifier.token, {
      groupId: group.id,
      userId: member.user.id,
      recordKind: 'education',
      recordId: entry.id,
      recordUpdatedAt: stale,
      decision: 'verified',
    });
    expect(late.status).toBe(409);

    // A rejection is shown to the group but gives no badge.
    const rejected = await decide(verifier.token, group.id, member.user.id, entry.id, 'rejected', 'Grade differs');
    expect(rejected.status).toBe(200);
    const after = await recordsOf(verifier.token, group.id, member.user.id);
    expect(after.body.result.data.records[0].decision).toMatchObject({ decision: 'rejected', note: 'Grade differs' });
    expect((await get('/api/individual/education', member.token)).body.result.data.entries[0].verified).toBe(false);

    const members = await get(`/api/verification/members?groupId=${group.id}`, verifier.token);
    expect(members.body.result.data.items[0]).toMatchObject({ person: { name: 'Maya Member' }, verifiedCount: 0 });
  });

  it('a verifier never reaches records of someone who is not a member of that group', async () => {
    const first = await staffedGroup();
    const second = await staffedGroup();
    const outsiderEntry = await addEducation(second.member.token);
    // A member of another group: 404, for viewing and for deciding.
    expect((await recordsOf(first.verifier.token, first.group.id, second.member.user.id)).status).toBe(404);
    expect(
      (await decide(first.verifier.token, first.group.id, second.member.user.id, outsiderEntry.id, 'verified')).status,
    ).toBe(404);
    // Another group's id does not help: the verifier has no role there.
    expect((await recordsOf(first.verifier.token, second.group.id, second.member.user.id)).status).toBe(403);
    // A record id of someone else under a member's id is not found.
    const memberEntry = await addEducation(first.member.token);
    const wrongOwner = await post('/api/verification/record', first.verifier.token, {
      groupId: first.group.id,
      userId: first.member.user.id,
      recordKind: 'education',
      recordId: outsiderEntry.id,
      recordUpdatedAt: new Date().toISOString(),
      decision: 'verified',
    });
    expect(wrongOwner.status).toBe(404);
    // A pending requester is not a member yet.
    const requester = await person('student', 'Pending Pat');
    await post('/api/verification/join', requester.token, { groupId: first.group.id });
    expect((await recordsOf(first.verifier.token, first.group.id, requester.user.id)).status).toBe(404);
    // Viewers see but cannot decide.
    expect(
      (await decide(first.viewer.token, first.group.id, first.member.user.id, memberEntry.id, 'verified')).status,
    ).toBe(403);
    // Nobody verifies their own records.
    await seedVerificationGroup(server.db, { ownerId: first.owner.user.id, members: [] });
    await server.call('/api/verification/group/userAccess/email', {
      token: first.owner.token,
      body: { groupId: first.group.id, email: first.member.user.email, role: 'verifier' },
    });
    const own = await decide(first.member.token, first.group.id, first.member.user.id, memberEntry.id, 'verified');
    expect(own.status).toBe(403);
  });

  it('requests accepted and declined in bulk, concurrently and idempotently; members removed', async () => {
    const { owner, admin, group } = await staffedGroup();
    const people = await Promise.all(['Ann', 'Ben', 'Cy'].map((name) => person('student', name)));
    for (const p of people) await post('/api/verification/join', p.token, { groupId: group.id });
    const requests = await get('/api/verification/groupJoiningRequests', admin.token);
    const ids = requests.body.result.data.items.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(3);
    const results = await Promise.all([
      post('/api/verification/request/accept', owner.token, { ids: ids.slice(0, 2) }),
      post('/api/verification/request/accept', admin.token, { ids: ids.slice(0, 2) }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body.result.data.changed + results[1]!.body.result.data.changed).toBe(2);
    expect(
      (await post('/api/verification/request/decline', admin.token, { ids: [ids[2]] })).body.result.data.changed,
    ).toBe(1);

    const strangerOrg = await person('org', 'Elsewhere');
    expect((await post('/api/verification/request/accept', strangerOrg.token, { ids: [ids[0]] })).status).toBe(404);

    const members = await get(`/api/verification/members?groupId=${group.id}`, owner.token);
    expect(members.body.result.data.items).toHaveLength(3);
    const removed = await post('/api/verification/remove/member', admin.token, {
      groupId: group.id,
      userId: people[0]!.user.id,
    });
    expect(removed.status).toBe(200);
    expect(
      (await get(`/api/verification/members?groupId=${group.id}`, owner.token)).body.result.data.items,
    ).toHaveLength(2);
  });

  it('follow and unfollow are idempotent; followers are listed and removed', async () => {
    const { owner, group } = await staffedGroup();
    const fan = await person('student', 'Fan');
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/api/verification/follow', fan.token, { groupId: group.id })).body.result.data.following,
      ).toBe(true);
    }
    expect((await get('/api/following/verificationGroups/ids', fan.token)).body.result.data.ids).toEqual([group.id]);
    const followers = await get('/api/verification/followers', owner.token);
    expect(followers.body.result.data.items.map((f: { person: { name: string } }) => f.person.name)).toEqual(['Fan']);
    expect(
      (await post('/api/verification/remove/follower', owner.token, { groupId: group.id, userId: fan.user.id })).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/api/verification/unfollow', fan.token, { groupId: group.id })).body.result.data.following,
      ).toBe(false);
    }
    expect((await get('/api/following/verificationGroups/ids', fan.token)).body.result.data.ids).toEqual([]);
  });
});

describe('institutions: roles, root and suggestions', () => {
  it('root manages details; platform admins appoint roots; hasInstitutionAccess follows the roles', async () => {
    const domain = `college-${Date.now()}.edu`;
    const institution = await seedInstitution(server.db, { name: 'Riverside College', domain });
    const root = await seedNewUser(server.db, { email: `dean@${domain}`, name: 'Dean' });
    const rootToken = await server.tokenFor(root.id);
    const admin = await platformAdmin();
    const stranger = await person('student', 'Stranger');

    expect((await get('/api/institutions/user/role/root', rootToken)).body.result.data.institutions).toEqual([]);
    const grantBody = { institutionId: institution.id, email: root.email, role: 'root' };
    expect((await post('/api/institutions/user/role', stranger.token, grantBody)).status).toBe(403);
    expect((await post('/api/institutions/user/role', admin.token, grantBody)).status).toBe(200);
    const roots = await get('/api/institutions/user/role/root', rootToken);
    expect(roots.body.result.data.institutions).toEqual([
      expect.objectContaining({ institutionId: institution.id, name: 'Riverside College', role: 'root' }),
    ]);
    const signedIn = await post('/api/user/signIn', rootToken, { assumeStudent: true });
    expect(signedIn.body.result.body.hasInstitutionAccess).toBe(true);

    const update = {
      institutionId: institution.id,
      name: 'Riverside College of Engineering',
      city: 'Pune',
      website: '',
      domain,
    };
    expect(
      (await server.call('/api/institutionDetailsById', { token: stranger.token, method: 'PATCH', body: update }))
        .status,
    ).toBe(403);
    const saved = await server.call('/api/institutionDetailsById', { token: rootToken, method: 'PATCH', body: update });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data[0]).toMatchObject({
      name: 'Riverside College of Engineering',
      city: 'Pune',
      website: null,
    });
    const badDomain = await server.call('/api/institutionDetailsById', {
      token: rootToken,
      method: 'PATCH',
      body: { ...update, domain: 'not a domain' },
    });
    expect(badDomain.body.exception.error.fields[0].field).toBe('domain');

    // The root appoints an admin; revoking the last role clears hasInstitutionAccess.
    expect(
      (
        await post('/api/institutions/user/role', rootToken, {
          institutionId: institution.id,
          email: stranger.user.email,
          role: 'admin',
        })
      ).status,
    ).toBe(200);
    // Someone who has not signed up yet gets the role with their first sign-in.
    const inviteEmail = `Registrar-${Date.now()}@${domain}`;
    const invited = await post('/api/institutions/user/role', rootToken, {
      institutionId: institution.id,
      email: inviteEmail,
      role: 'admin',
    });
    expect(invited.status).toBe(200);
    expect(invited.body.result.message).toBe(`${inviteEmail.toLowerCase()} becomes an admin on signing in to Placely`);
    const pending = await get(`/api/institutions/user/role?institutionId=${institution.id}`, rootToken);
    expect(pending.body.result.data.people).toContainEqual(
      expect.objectContaining({ userId: null, name: null, email: inviteEmail.toLowerCase(), role: 'admin' }),
    );
    const registrar = await server.signIn({ email: inviteEmail, name: 'Registrar', assumeStudent: true });
    expect(registrar.result.body.hasInstitutionAccess).toBe(true);
    const claimed = await get(`/api/institutions/user/role?institutionId=${institution.id}`, rootToken);
    expect(claimed.body.result.data.people).toContainEqual(
      expect.objectContaining({ userId: registrar.result.body.userId, name: 'Registrar', role: 'admin' }),
    );
    expect(
      (
        await post('/api/institutions/user/role', rootToken, {
          institutionId: institution.id,
          email: 'not-an-email',
          role: 'admin',
        })
      ).body.exception.error.fields[0].field,
    ).toBe('email');
    const revoked = await server.call(
      `/api/institutions/user/role?institutionId=${institution.id}&email=${encodeURIComponent(stranger.user.email)}`,
      { token: rootToken, method: 'DELETE' },
    );
    expect(revoked.status).toBe(200);
    const strangerSignIn = await post('/api/user/signIn', stranger.token, { assumeStudent: false });
    expect(strangerSignIn.body.result.body.hasInstitutionAccess).toBe(false);
  });

  it('platform admins add institutions; the root sees who holds roles; the last root cannot step down', async () => {
    const admin = await platformAdmin();
    const stranger = await person('student', 'Stranger');
    const domain = `hill-${Date.now()}.edu`;
    const body = { name: '  Hillside Institute ', city: 'Shimla', website: 'https://hill.example', domain };

    expect((await server.call('/api/institutions', { body })).status).toBe(401);
    const refused = await post('/api/institutions', stranger.token, body);
    expect(refused.status).toBe(403);
    const missingName = await post('/api/institutions', admin.token, { ...body, name: ' ' });
    expect(missingName.status).toBe(400);
    expect(missingName.body.exception.error.fields[0].field).toBe('name');
    const created = await post('/api/institutions', admin.token, body);
    expect(created.status).toBe(200);
    const institution = created.body.result.data;
    expect(institution).toMatchObject({ name: 'Hillside Institute', city: 'Shimla', domain });
    const sameDomain = await post('/api/institutions', admin.token, { ...body, domain: domain.toUpperCase() });
    expect(sameDomain.status).toBe(400);
    expect(sameDomain.body.exception.error.fields[0].field).toBe('domain');
    // Two admins adding one domain at the same moment: one institution, the other told why.
    const raceDomain = `race-${Date.now()}.edu`;
    const raced = await Promise.all(
      [1, 2].map(() => post('/api/institutions', admin.token, { name: 'Race College', domain: raceDomain })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);

    const root = await person('student', 'Rita Root');
    const peoplePath = `/api/institutions/user/role?institutionId=${institution.institutionId}`;
    await post('/api/institutions/user/role', admin.token, {
      institutionId: institution.institutionId,
      email: root.user.email,
      role: 'root',
    });
    expect((await get(peoplePath)).status).toBe(401);
    expect((await get(peoplePath, stranger.token)).status).toBe(403);
    expect((await get('/api/institutions/user/role?institutionId=999999999', root.token)).status).toBe(404);
    expect(
      (await get('/api/institutions/user/role?institutionId=abc', root.token)).body.exception.error.fields[0].field,
    ).toBe('institutionId');
    await post('/api/institutions/user/role', root.token, {
      institutionId: institution.institutionId,
      email: stranger.user.email,
      role: 'admin',
    });
    const people = await get(peoplePath, root.token);
    expect(people.status).toBe(200);
    expect(people.body.result.data.people).toEqual([
      expect.objectContaining({ userId: stranger.user.id, name: 'Stranger', role: 'admin' }),
      expect.objectContaining({ userId: root.user.id, name: 'Rita Root', role: 'root', email: root.user.email }),
    ]);
    expect((await get(peoplePath, admin.token)).body.result.data.people).toHaveLength(2);
    // An admin of the institution is not its root: they cannot see or change roles.
    expect((await get(peoplePath, stranger.token)).status).toBe(403);

    const revokeRoot = () =>
      server.call(`${peoplePath}&email=${encodeURIComponent(root.user.email)}`, {
        token: root.token,
        method: 'DELETE',
      });
    const demote = await post('/api/institutions/user/role', root.token, {
      institutionId: institution.institutionId,
      email: root.user.email,
      role: 'admin',
    });
    expect(demote.status).toBe(409);
    expect(demote.body.exception.error.message).toMatch(/only root/);
    expect((await revokeRoot()).status).toBe(409);
    // With a second root the first may leave.
    await post('/api/institutions/user/role', root.token, {
      institutionId: institution.institutionId,
      email: stranger.user.email,
      role: 'root',
    });
    expect((await revokeRoot()).status).toBe(200);
    expect((await get(peoplePath, stranger.token)).body.result.data.people).toEqual([
      expect.objectContaining({ userId: stranger.user.id, role: 'root' }),
    ]);
  });

  it('suggests the institution whose domain matches the caller’s email, subdomains included', async () => {
    const domain = `uni-${Date.now()}.ac.in`;
    const institution = await seedInstitution(server.db, { name: 'Hill University', domain });
    const student = await seedNewUser(server.db, { email: `asha@cse.${domain}` });
    const suggested = await get('/api/institutions/suggested', await server.tokenFor(student.id));
    expect(suggested.body.result.data.institutions.map((i: { institutionId: number }) => i.institutionId)).toEqual([
      institution.id,
    ]);
    const other = await seedNewUser(server.db, { email: `asha@gmail-${Date.now()}.com` });
    expect(
      (await get('/api/institutions/suggested', await server.tokenFor(other.id))).body.result.data.institutions,
    ).toEqual([]);
  });
});
