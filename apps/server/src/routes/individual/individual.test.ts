import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoFillData, educationEntries } from '../../db/schema';
import { seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { captureLogs: true });
});
afterAll(() => server?.close());

const SAMPLES: Record<string, Record<string, unknown>> = {
  '/api/individual/education': {
    institutionName: 'IIT Delhi',
    degree: 'B.Tech',
    fieldOfStudy: 'Computer Science',
    startMonth: '2022-08',
    endMonth: '2026-05',
    grade: 8.7,
    gradeScale: 'CGPA_10',
    currentBacklogs: 0,
    rollNumber: '2022CS101',
  },
  '/api/individual/experience': {
    organization: 'Acme',
    title: 'SDE Intern',
    kind: 'internship',
    startMonth: '2025-05',
    endMonth: '2025-07',
    description: 'Built the billing service.',
  },
  '/api/individual/projects': {
    title: 'Placely clone',
    technologies: ['React', 'Fastify'],
    link: 'https://github.com/me/placely',
    startMonth: '2025-01',
    isCurrent: true,
  },
  '/api/individual/other': { kind: 'certification', title: 'AWS SAA', issuer: 'Amazon', month: '2025-03' },
  '/api/individual/placements': {
    organization: 'Globex',
    role: 'SDE',
    offerKind: 'full-time',
    compensation: 1800000,
    currency: 'inr',
    month: '2025-12',
    status: 'accepted',
  },
  '/api/user/skills': { name: 'TypeScript', level: 'advanced' },
};

describe('profile sections', () => {
  for (const [path, sample] of Object.entries(SAMPLES)) {
    describe(path, () => {
      it('401 signed out for every method', async () => {
        expect((await server.call(path)).status).toBe(401);
        expect((await server.call(path, { body: sample })).status).toBe(401);
        expect(
          (await server.call(path, { method: 'PUT', body: { id: crypto.randomUUID(), entry: sample } })).status,
        ).toBe(401);
        expect((await server.call(`${path}?id=${crypto.randomUUID()}`, { method: 'DELETE' })).status).toBe(401);
      });

      it('adds, edits and deletes for the owner; another person reaches nothing and changes nothing', async () => {
        const owner = await server.tokenFor((await seedStudent(server.db)).id);
        const added = await server.call(path, { token: owner, body: sample });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        const [entry] = added.body.result.data.entries;
        expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);

        const stranger = await server.tokenFor((await seedStudent(server.db)).id);
        expect((await server.call(path, { token: stranger })).body.result.data.entries).toEqual([]);
        const edit = await server.call(path, { token: stranger, method: 'PUT', body: { id: entry.id, entry: sample } });
        expect(edit.status).toBe(404);
        expect((await server.call(`${path}?id=${entry.id}`, { token: stranger, method: 'DELETE' })).status).toBe(404);
        expect((await server.call(path, { token: owner })).body.result.data.entries).toEqual([entry]);

        const edited = await server.call(path, { token: owner, method: 'PUT', body: { id: entry.id, entry: sample } });
        expect(edited.status).toBe(200);
        const removed = await server.call(`${path}?id=${entry.id}`, { token: owner, method: 'DELETE' });
        expect(removed.body.result.data.entries).toEqual([]);
      });

      it('an organization may not keep profile sections (403)', async () => {
        const org = await server.tokenFor((await seedOrganization(server.db)).id);
        expect((await server.call(path, { token: org, body: sample })).status).toBe(403);
      });

      it('names unknown fields', async () => {
        const token = await server.tokenFor((await seedStudent(server.db)).id);
        const { status, body } = await server.call(path, { token, body: { ...sample, surprise: 1 } });
        expect(status).toBe(400);
        expect(body.exception.error.fields).toContainEqual({ field: 'surprise', message: 'Unknown field' });
      });
    });
  }

  it('names the end field when it is before the start, and the grade beyond its scale', async () => {
    const token = await server.tokenFor((await seedStudent(server.db)).id);
    const { status, body } = await server.call('/api/individual/education', {
      token,
      body: { ...SAMPLES['/api/individual/education'], startMonth: '2024-08', endMonth: '2023-05', grade: 11 },
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'endMonth', message: 'The end cannot be before the start' },
        { field: 'grade', message: 'At most 10 on this scale' },
      ]),
    );
    const experience = await server.call('/api/individual/experience', {
      token,
      body: { ...SAMPLES['/api/individual/experience'], startMonth: 'June 2024' },
    });
    expect(experience.body.exception.error.fields).toEqual([
      { field: 'startMonth', message: 'Use a month like 2024-06' },
    ]);
  });

  it('refuses the same skill twice, whatever its case (409)', async () => {
    const token = await server.tokenFor((await seedStudent(server.db)).id);
    expect((await server.call('/api/user/skills', { token, body: { name: 'React' } })).status).toBe(200);
    const again = await server.call('/api/user/skills', { token, body: { name: ' react ' } });
    expect(again.status).toBe(409);
    expect(again.body.exception.error.message).toBe('You already have this skill.');
  });

  it('feeds auto-fill data, the sign-in response and removes keys whose source is deleted', async () => {
    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const added = await server.call('/api/individual/education', { token, body: SAMPLES['/api/individual/education'] });
    await server.call('/api/user/skills', { token, body: { name: 'Go' } });
    const [stored] = await server.db.select().from(autoFillData).where(eq(autoFillData.userId, student.id));
    expect(stored?.data).toMatchObject({
      institution: 'IIT Delhi',
      degree: 'B.Tech',
      branch: 'Computer Science',
      grade: 8.7,
      gradeScale: 'CGPA_10',
      graduationYear: 2026,
      rollNumber: '2022CS101',
      currentBacklogs: 0,
      skills: ['Go'],
    });
    const signIn = await server.call('/api/user/signIn', { token, body: { assumeStudent: false } });
    expect(signIn.body.result.education).toEqual([expect.objectContaining({ institutionName: 'IIT Delhi' })]);

    const id = added.body.result.data.entries[0].id;
    await server.call(`/api/individual/education?id=${id}`, { token, method: 'DELETE' });
    const [after] = await server.db.select().from(autoFillData).where(eq(autoFillData.userId, student.id));
    expect(after?.data).not.toHaveProperty('degree');
    expect(after?.data).toMatchObject({ skills: ['Go'] });
    expect(await server.db.select().from(educationEntries).where(eq(educationEntries.userId, student.id))).toEqual([]);
  });
});

describe('a failed query is logged without its parameters (issue #10, defect 3)', () => {
  it('logs the query shape and error code, never the values the person sent', async () => {
    const secret = 'Zanzibar Secret Skill 4417';
    // A constraint the route does not expect: the insert fails in the database with the person's text in its row.
    await server.db.execute(sql.raw(`ALTER TABLE skills ADD CONSTRAINT test_no_secret CHECK (name <> '${secret}')`));
    try {
      const user = await seedStudent(server.db, { name: 'Private Person Name' });
      const token = await server.tokenFor(user.id);
      const before = server.logs.length;
      const failed = await server.call('/api/user/skills', { token, body: { name: secret } });
      expect(failed.status).toBe(500);
      const lines = server.logs.slice(before);
      const errorLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
      expect(errorLines.length).toBeGreaterThan(0);
      expect(errorLines[0].err).toMatchObject({ code: '23514', constraint: 'test_no_secret' });
      expect(errorLines[0].err.query).toMatch(/insert into "skills"/i);
      for (const line of lines) {
        expect(line).not.toContain('Zanzibar');
        expect(line).not.toContain('Private Person');
        expect(line).not.toContain('params');
      }
    } finally {
      await server.db.execute(sql.raw('ALTER TABLE skills DROP CONSTRAINT test_no_secret'));
    }
  });
});

describe('education while studying there now (issue 40)', () => {
  it('keeps the expected end of a current education; other current entries still leave the end empty', async () => {
    const owner = await server.tokenFor((await seedStudent(server.db)).id);
    const education = { ...SAMPLES['/api/individual/education'], isCurrent: true, endMonth: '2028-05' };
    const added = await server.call('/api/individual/education', { token: owner, body: education });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result.data.entries[0]).toMatchObject({ isCurrent: true, endMonth: '2028-05' });
    const early = await server.call('/api/individual/education', {
      token: owner,
      body: { ...education, endMonth: '2020-01' },
    });
    expect(early.status).toBe(400);
    expect(early.body.exception.error.fields).toEqual([
      { field: 'endMonth', message: 'The end cannot be before the start' },
    ]);
    const job = { ...SAMPLES['/api/individual/experience'], isCurrent: true };
    const current = await server.call('/api/individual/experience', { token: owner, body: job });
    expect(current.status).toBe(400);
    expect(current.body.exception.error.fields[0].field).toBe('endMonth');
  });
});
