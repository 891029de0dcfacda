import { EMPTY_ELIGIBILITY, type OpeningInput } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRevisions, applications, openings, refreshTokenFamilies } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const key = () => `key-${crypto.randomUUID()}`;

async function organization() {
  const org = await seedOrganization(server.db, { name: 'Acme Technologies' });
  return { org, token: await server.tokenFor(org.id) };
}

async function student(name = 'Asha Verma') {
  const user = await seedStudent(server.db, { name });
  return { user, token: await server.tokenFor(user.id) };
}

async function createOpening(token: string, overrides: Partial<OpeningInput> = {}) {
  const created = await server.call('/api/organization/openings', { token, body: seedOpeningInput(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.result.data as { id: string; formVersion: number };
}

function apply(token: string | undefined, openingId: string, answers?: unknown, idempotencyKey = key()) {
  return server.call('/api/placements/campus/apply', {
    token,
    body: { openingId, idempotencyKey, ...(answers === undefined ? {} : { answers }) },
  });
}

const answers = { name: 'Asha Verma', email: 'asha@example.com', why: 'I like APIs.' };

describe('GET /api/placements/campus/apply (the public form)', () => {
  it('shows an open opening to anyone, with no viewer when signed out', async () => {
    const { token } = await organization();
    const opening = await createOpening(token, {
      description: '<p>Build <strong>APIs</strong><script>x()</script></p>',
    });
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`);
    expect(form.status).toBe(200);
    expect(form.body.result.data).toMatchObject({
      id: opening.id,
      title: 'Software Engineering Intern',
      organization: { name: 'Acme Technologies' },
      description: '<p>Build <strong>APIs</strong></p>',
      blocker: null,
      viewer: null,
      formVersion: 1,
    });
    expect(form.body.result.data.form.sections[0].fields.map((f: { id: string }) => f.id)).toEqual([
      'name',
      'email',
      'why',
    ]);
  });

  it('404 for a missing id, a draft (except to its owner) and a deleted opening; 400 for a malformed id', async () => {
    const { token } = await organization();
    const { token: other } = await organization();
    const draft = await createOpening(token, { status: 'draft' });
    expect((await server.call(`/api/placements/campus/apply?openingId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await server.call(`/api/placements/campus/apply?openingId=${draft.id}`)).status).toBe(404);
    expect((await server.call(`/api/placements/campus/apply?openingId=${draft.id}`, { token: other })).status).toBe(
      404,
    );
    const preview = await server.call(`/api/placements/campus/apply?openingId=${draft.id}`, { token });
    expect(preview.body.result.data.blocker).toBe('draft');
    const live = await createOpening(token);
    await server.call(`/api/organization/openings?id=${live.id}`, { token, method: 'DELETE' });
    expect((await server.call(`/api/placements/campus/apply?openingId=${live.id}`)).status).toBe(404);
    const bad = await server.call('/api/placements/campus/apply?openingId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('openingId');
  });

  it('pre-fills a signed-in student from their profile and says which eligibility rules fail', async () => {
    const { token } = await organization();
    const opening = await createOpening(token, {
      eligibility: {
        ...EMPTY_ELIGIBILITY,
        minGrade: 7,
        allowedDegrees: ['B.Tech'],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: null,
      },
    });
    const { user, token: studentToken } = await student('Ravi Kumar');
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: studentToken });
    expect(form.body.result.data.viewer).toMatchObject({
      eligible: false,
      failedRules: ['minGrade', 'allowedDegrees'],
      application: null,
      draft: null,
      prefill: { name: 'Ravi Kumar', email: user.email },
    });
    expect(form.body.result.data.blocker).toBe('notEligible');
  });

  it('tells an organization it cannot apply', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: otherOrg } = await organization();
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: otherOrg });
    expect(form.body.result.data.blocker).toBe('notIndividual');
  });

  it('401 for a bad token or one whose session has ended (never a quiet signed-out view)', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const path = `/api/placements/campus/apply?openingId=${opening.id}`;
    const { user, token: studentToken } = await student('Ended Session');
    expect((await server.call(path, { token: studentToken })).status).toBe(200);
    expect((await server.call(path, { token: 'not-a-token' })).status).toBe(401);
    await server.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokenFamilies.userId, user.id));
    const refused = await server.call(path, { token: studentToken });
    expect(refused.status).toBe(401);
    expect(refused.body.exception.error.code).toBe('UNAUTHENTICATED');
    // The same ended session on a missing opening: the session is judged first.
    expect(
      (await server.call(`/api/placements/campus/apply?openingId=${crypto.randomUUID()}`, { token: studentToken }))
        .status,
    ).toBe(401);
  });

  it("shows the applicant their application as submitted and their draft's time", async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: studentToken } = await student();
    const path = `/api/placements/campus/apply?openingId=${opening.id}`;
    const saved = await server.call('/api/placements/campus/apply/draft', {
      token: studentToken,
      method: 'PUT',
      body: { openingId: opening.id, answers: { why: 'half-typed' } },
    });
    const withDraft = await server.call(path, { token: studentToken });
    expect(withDraft.body.result.data.viewer.draft).toEqual({
      answers: { why: 'half-typed' },
      updatedAt: saved.body.result.data.updatedAt,
    });
    const submitted = await apply(studentToken, opening.id, answers);
    expect(submitted.status).toBe(200);
    const after = await server.call(path, { token: studentToken });
    expect(after.body.result.data.viewer.application).toEqual(submitted.body.result.data);
  });
});

describe('POST /api/placements/campus/apply (submit)', () => {
  it('401 signed out; 403 for an organization', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    expect((await apply(undefined, opening.id, answers)).status).toBe(401);
    const refused = await apply(token, opening.id, answers);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.code).toBe('FORBIDDEN');
  });

  it('401 with a valid token whose session has ended, and nothing is written', async () => {
    const { token: orgToken } = await organization();
    const opening = await createOpening(orgToken);
    const { user, token } = await student('Ended Session');
    await server.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokenFamilies.userId, user.id));
    const refused = await apply(token, opening.id, answers);
    expect(refused.status).toBe(401);
    expect(refused.body.exception.error.code).toBe('UNAUTHENTICATED');
    const written = await server.db.select().from(applications).where(eq(applications.applicantId, user.id));
    expect(written).toEqual([]);
  });

  it('names each invalid answer, including rows of a repeatable group and unknown questions', async () => {
    const { token } = await organization();
    const opening = await createOpening(token, {
      form: {
        sections: [
          {
            id: 's',
            title: 'You',
            fields: [
              { id: 'name', type: 'shortText', label: 'Name', required: true },
              { id: 'mail', type: 'email', label: 'Email', required: true },
              {
                id: 'jobs',
                type: 'repeatableGroup',
                label: 'Jobs',
                required: true,
                fields: [{ id: 'company', type: 'shortText', label: 'Company', required: true }],
              },
            ],
          },
        ],
      },
    });
    const { token: studentToken } = await student();
    const response = await apply(studentToken, opening.id, {
      name: '',
      mail: 'not-an-email',
      jobs: [{ company: 'Acme' }, { company: '' }],
      extra: 'x',
    });
    expect(response.status).toBe(400);
    const fields = response.body.exception.error.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['answers.name', 'answers.mail', 'answers.jobs.1.company']));
    expect(response.body.exception.error.fields.some((f: { message: string }) => /extra/.test(f.message))).toBe(true);
  });

  it('submits, and a retry with the same key answers the same application', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: studentToken } = await student();
    const idempotencyKey = key();
    const first = await apply(studentToken, opening.id, answers, idempotencyKey);
    expect(first.status).toBe(200);
    expect(first.body.result.message).toBe('Application submitted');
    expect(first.body.result.data).toMatchObject({
      openingId: opening.id,
      revision: 1,
      status: 'submitted',
      canEdit: true,
    });
    const retry = await apply(studentToken, opening.id, answers, idempotencyKey);
    expect(retry.status).toBe(200);
    expect(retry.body.result.data.id).toBe(first.body.result.data.id);

    const again = await apply(studentToken, opening.id, answers);
    expect(again.status).toBe(409);
    expect(again.body.exception.error.message).toBe('You have already applied to this opening.');

    const { token: someoneElse } = await student();
    const stolenKey = await apply(someoneElse, opening.id, answers, idempotencyKey);
    expect(stolenKey.status).toBe(409);
  });

  it('keeps one application per person under a concurrent double submit', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: studentToken } = await student();
    const results = await Promise.all([
      apply(studentToken, opening.id, answers),
      apply(studentToken, opening.id, answers),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await server.call(`/api/organization/openings/id?id=${opening.id}`, { token });
    expect(list.body.result.data.applicationCount).toBe(1);
  });

  it('never exceeds the response cap under concurrent submits', async () => {
    const { token } = await organization();
    const opening = await createOpening(token, { responseCap: 3 });
    const students = await Promise.all(Array.from({ length: 8 }, (_, i) => student(`Student ${i}`)));
    const results = await Promise.all(students.map((s) => apply(s.token, opening.id, answers)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.exception.error.message).toBe('This opening has received all the applications it accepts.');
    const late = await student('Late');
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: late.token });
    expect(form.body.result.data.blocker).toBe('capReached');
  });

  it('refuses closed and past-deadline openings (409) and ineligible people (403, naming the rule)', async () => {
    const { token } = await organization();
    const closed = await createOpening(token, { status: 'closed' });
    const past = await createOpening(token);
    await server.db
      .update(openings)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(openings.id, past.id));
    const strict = await createOpening(token, {
      eligibility: {
        ...EMPTY_ELIGIBILITY,
        minGrade: 8,
        allowedDegrees: [],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: null,
      },
    });
    const { token: studentToken } = await student();
    const a = await apply(studentToken, closed.id, answers);
    expect([a.status, a.body.exception.error.message]).toEqual([
      409,
      'This opening is closed and no longer accepts applications.',
    ]);
    const b = await apply(studentToken, past.id, answers);
    expect([b.status, b.body.exception.error.message]).toEqual([409, 'The deadline for this opening has passed.']);
    const c = await apply(studentToken, strict.id, answers);
    expect(c.status).toBe(403);
    expect(c.body.exception.error.message).toContain('Minimum grade: 8');
  });

  it('applies in one click from saved data, and refuses one click when the form needs answers', async () => {
    const { token } = await organization();
    const oneClick = await createOpening(token, {
      title: 'One click',
      form: {
        sections: [
          {
            id: 's',
            title: 'You',
            fields: [
              { id: 'n', type: 'shortText', label: 'Name', required: true, autoFillKey: 'name' },
              { id: 'e', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            ],
          },
        ],
      },
    });
    const needsAnswers = await createOpening(token);
    const { user, token: studentToken } = await student('Meera Nair');
    const ok = await apply(studentToken, oneClick.id);
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.answers).toEqual({ n: 'Meera Nair', e: user.email });
    const refused = await apply(studentToken, needsAnswers.id);
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields[0].field).toBe('answers');
  });

  it('learns keyed answers into auto-fill data for the next form', async () => {
    const { token } = await organization();
    const form = {
      sections: [
        {
          id: 's',
          title: 'You',
          fields: [
            { id: 'n', type: 'shortText' as const, label: 'Name', required: true, autoFillKey: 'name' as const },
            { id: 'city', type: 'shortText' as const, label: 'City', required: true, autoFillKey: 'location' as const },
          ],
        },
      ],
    };
    const first = await createOpening(token, { title: 'First', form });
    const second = await createOpening(token, { title: 'Second', form });
    const { token: studentToken } = await student('Kiran Rao');
    expect((await apply(studentToken, first.id, { n: 'Kiran Rao', city: 'Pune' })).status).toBe(200);
    const next = await server.call(`/api/placements/campus/apply?openingId=${second.id}`, { token: studentToken });
    expect(next.body.result.data.viewer.prefill).toEqual({ n: 'Kiran Rao', city: 'Pune' });
  });
});

describe('files in answers', () => {
  const pdf = (size: number) => {
    const head = Buffer.from('%PDF-1.7\n');
    return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
  };
  async function upload(token: string, name = 'Portfolio.pdf') {
    const response = await fetch(`${server.baseUrl}/api/files?purpose=application&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/octet-stream' },
      body: pdf(3000),
    });
    const body: any = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.result.data as { id: string; name: string; size: number; contentType: string };
  }
  const fileForm = {
    sections: [
      {
        id: 's',
        title: 'Files',
        fields: [
          {
            id: 'work',
            type: 'fileUpload' as const,
            label: 'Work sample',
            required: true,
            acceptedTypes: ['application/pdf'],
            maxBytes: 1024 * 1024,
          },
        ],
      },
    ],
  };

  it("stores the server's facts about an attached file and refuses someone else's file", async () => {
    const { token } = await organization();
    const opening = await createOpening(token, { form: fileForm });
    const { token: studentToken } = await student();
    const file = await upload(studentToken);
    const claimed = { fileId: file.id, name: 'renamed.exe', size: 1, contentType: 'application/pdf' };
    const submitted = await apply(studentToken, opening.id, { work: claimed });
    expect(submitted.status).toBe(200);
    expect(submitted.body.result.data.answers.work).toEqual({
      fileId: file.id,
      name: 'Portfolio.pdf',
      size: 3000,
      contentType: 'application/pdf',
    });

    const other = await student('Other');
    const otherOpening = await createOpening(token, { title: 'Other', form: fileForm });
    const refused = await apply(other.token, otherOpening.id, { work: claimed });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields).toEqual([
      { field: 'answers.work', message: 'Upload the file again: it was not found.' },
    ]);
  });
});

describe('PUT /api/placements/campus/apply (edit)', () => {
  it('keeps every revision; refuses other people (404) and closed openings (409)', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: studentToken } = await student();
    const submitted = await apply(studentToken, opening.id, answers);
    const id = submitted.body.result.data.id;

    const edit = (t: string | undefined, body: unknown) =>
      server.call('/api/placements/campus/apply', { token: t, method: 'PUT', body });
    expect((await edit(undefined, { applicationId: id, answers })).status).toBe(401);
    const { token: stranger } = await student('Stranger');
    expect((await edit(stranger, { applicationId: id, answers })).status).toBe(404);
    const invalid = await edit(studentToken, { applicationId: id, answers: { ...answers, email: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.exception.error.fields[0].field).toBe('answers.email');

    const edited = await edit(studentToken, { applicationId: id, answers: { ...answers, why: 'Changed my mind.' } });
    expect(edited.status).toBe(200);
    expect(edited.body.result.data).toMatchObject({ revision: 2, answers: { why: 'Changed my mind.' } });
    const revisions = await server.db
      .select()
      .from(applicationRevisions)
      .where(eq(applicationRevisions.applicationId, id))
      .orderBy(applicationRevisions.revision);
    expect(revisions.map((r) => [r.revision, (r.answers as { why: string }).why])).toEqual([
      [1, 'I like APIs.'],
      [2, 'Changed my mind.'],
    ]);

    await server.call('/api/organization/openings/id/status', { token, body: { id: opening.id, status: 'closed' } });
    const late = await edit(studentToken, { applicationId: id, answers });
    expect(late.status).toBe(409);
  });
});

describe('drafts and my applications', () => {
  it('autosaves a draft, shows it on the form, discards it on submit', async () => {
    const { token } = await organization();
    const opening = await createOpening(token);
    const { token: studentToken } = await student();
    expect(
      (
        await server.call('/api/placements/campus/apply/draft', {
          method: 'PUT',
          body: { openingId: opening.id, answers },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.call('/api/placements/campus/apply/draft', {
          token,
          method: 'PUT',
          body: { openingId: opening.id, answers },
        })
      ).status,
    ).toBe(403);
    const saved = await server.call('/api/placements/campus/apply/draft', {
      token: studentToken,
      method: 'PUT',
      body: { openingId: opening.id, answers: { why: 'half-typed' } },
    });
    expect(saved.status).toBe(200);
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: studentToken });
    expect(form.body.result.data.viewer.draft.answers).toEqual({ why: 'half-typed' });
    await apply(studentToken, opening.id, answers);
    const after = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: studentToken });
    expect(after.body.result.data.viewer.draft).toBeNull();
    expect(after.body.result.data.blocker).toBe('alreadyApplied');
    expect(after.body.result.data.viewer.application.answers).toEqual(answers);
  });

  it("lists only the caller's applications, newest change first, in pages", async () => {
    const { token } = await organization();
    const { token: studentToken } = await student();
    const { token: otherStudent } = await student('Other');
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      const opening = await createOpening(token, { title });
      ids.push((await apply(studentToken, opening.id, answers)).body.result.data.id);
      await apply(otherStudent, opening.id, answers);
    }
    expect((await server.call('/api/placements/campus/applications')).status).toBe(401);
    const first = await server.call('/api/placements/campus/applications?limit=2', { token: studentToken });
    expect(first.body.result.data.items.map((a: { openingTitle: string }) => a.openingTitle)).toEqual(['C', 'B']);
    expect(first.body.result.data.items[0]).toMatchObject({ organizationName: 'Acme Technologies', canEdit: true });
    const second = await server.call(
      `/api/placements/campus/applications?limit=2&cursor=${encodeURIComponent(first.body.result.data.nextCursor)}`,
      { token: studentToken },
    );
    expect(second.body.result.data.items.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect(second.body.result.data.nextCursor).toBeNull();
  });
});

describe('drafts are held to the submission limits (issue #10, defect 8)', () => {
  const formWithGroupAndFile = () =>
    seedOpeningInput({
      form: {
        sections: [
          {
            id: 'about',
            title: 'About you',
            fields: [
              { id: 'why', type: 'paragraph', label: 'Why?', required: true },
              { id: 'cv', type: 'fileUpload', label: 'CV', required: false, acceptedTypes: [], maxBytes: 1_000_000 },
              {
                id: 'projects',
                type: 'repeatableGroup',
                label: 'Projects',
                required: false,
                fields: [{ id: 'title', type: 'shortText', label: 'Title', required: false }],
              },
            ],
          },
        ],
      },
    });
  const saveDraft = (token: string, openingId: string, draftAnswers: unknown) =>
    server.call('/api/placements/campus/apply/draft', {
      token,
      method: 'PUT',
      body: { openingId, answers: draftAnswers },
    });
  const uploadPdf = async (token: string) => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const response = await fetch(`${server.baseUrl}/api/files?purpose=application&name=cv.pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', authorization: token },
      body: pdf,
    });
    return ((await response.json()) as any).result.data as { id: string; name: string; size: number };
  };

  it('keeps unfinished drafts (required answers may be missing) but refuses what a submission would never hold', async () => {
    const { token } = await organization();
    const opening = await createOpening(token, formWithGroupAndFile());
    const { token: studentToken } = await student();
    const { token: otherToken } = await student('Other');

    expect((await saveDraft(studentToken, opening.id, { projects: [{ title: 'half' }] })).status).toBe(200);

    const tooManyRows = await saveDraft(studentToken, opening.id, {
      projects: Array.from({ length: 1000 }, () => ({ title: 'x' })),
    });
    expect(tooManyRows.status).toBe(400);
    expect(tooManyRows.body.exception.error.fields[0].field).toBe('answers.projects');

    const unknown = await saveDraft(studentToken, opening.id, { notAQuestion: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.exception.error.fields[0].field).toBe('answers.notAQuestion');

    const tooLong = await saveDraft(studentToken, opening.id, { projects: [{ title: 'x'.repeat(5000) }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.exception.error.fields[0].field).toBe('answers.projects.0.title');

    const foreign = await uploadPdf(otherToken);
    const stolen = await saveDraft(studentToken, opening.id, {
      cv: { fileId: foreign.id, name: 'mine.pdf', size: foreign.size, contentType: 'application/pdf' },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.exception.error.fields[0].field).toBe('answers.cv');

    const own = await uploadPdf(studentToken);
    const kept = await saveDraft(studentToken, opening.id, {
      why: '',
      cv: { fileId: own.id, name: 'claimed.pdf', size: 1, contentType: 'application/pdf' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // What is stored about the file is what the server knows, not what the client claimed.
    expect(kept.body.result.data.answers.cv).toMatchObject({ fileId: own.id, name: 'cv.pdf', size: own.size });
  });
});
