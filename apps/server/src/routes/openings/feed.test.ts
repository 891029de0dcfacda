import { type AutoFillData, ELIGIBILITY_RULES, type Eligibility, EMPTY_ELIGIBILITY } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokenFamilies } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import {
  type EligibilityFacts,
  failedEligibilityRules,
  meetsEligibilitySql,
} from '../../services/applications/eligibility';
import { mergeAutoFillData } from '../../services/autofill';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const acme = await seedOrganization(server.db, { name: 'Acme Technologies', profile: { name: 'Acme Technologies' } });
  const globex = await seedOrganization(server.db, { name: 'Globex', profile: { name: 'Globex' } });
  await seedOpeningWithApplicants(server.db, { organizationId: acme.id, opening: { title: 'Backend Intern' } });
  await seedOpeningWithApplicants(server.db, {
    organizationId: globex.id,
    opening: {
      title: 'Data Analyst',
      kind: 'fullTime',
      locations: ['Mumbai'],
      remote: false,
      eligibility: {
        ...EMPTY_ELIGIBILITY,
        minGrade: 8,
        allowedDegrees: ['B.Tech'],
        allowedBranches: [],
        graduationYears: [2026],
        maxBacklogs: 0,
      },
    },
  });
  await seedOpeningWithApplicants(server.db, {
    organizationId: acme.id,
    opening: { title: 'Draft role', status: 'draft' },
  });
  await seedOpeningWithApplicants(server.db, {
    organizationId: globex.id,
    opening: { title: 'Closed role', status: 'closed' },
  });
});
afterAll(() => server?.close());

const feed = async (query = '') => (await server.call(`/api/placements/campus/all/openings${query}`)).body.result.data;
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((item) => item.title);

describe('GET /api/placements/campus/all/openings', () => {
  it('lists open openings to anyone, newest first, never drafts or closed ones', async () => {
    const page = await feed();
    expect(titles(page)).toEqual(['Data Analyst', 'Backend Intern']);
    expect(page.items[0]).toMatchObject({ organization: { name: 'Globex' }, kind: 'fullTime', applyMode: 'form' });
  });

  it('searches title and organization name, and filters by kind', async () => {
    expect(titles(await feed('?q=backend'))).toEqual(['Backend Intern']);
    expect(titles(await feed('?q=globex'))).toEqual(['Data Analyst']);
    expect(titles(await feed('?q=100%25'))).toEqual([]);
    expect(titles(await feed('?kind=internship'))).toEqual(['Backend Intern']);
  });

  it('pages with a cursor', async () => {
    const first = await feed('?limit=1');
    expect(titles(first)).toEqual(['Data Analyst']);
    const second = await feed(`?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(titles(second)).toEqual(['Backend Intern']);
    expect(second.nextCursor).toBeNull();
  });

  it('names bad query fields', async () => {
    const { status, body } = await server.call('/api/placements/campus/all/openings?kind=gig&cursor=nope');
    expect(status).toBe(400);
    expect(body.exception.error.fields.map((field: { field: string }) => field.field)).toContain('kind');
    const cursor = await server.call('/api/placements/campus/all/openings?cursor=nope');
    expect(cursor.status).toBe(400);
    expect(cursor.body.exception.error.fields).toEqual([{ field: 'cursor', message: 'Not a valid cursor' }]);
  });

  it('filters by location (and "remote"), and by eligibility for a signed-in student', async () => {
    expect(titles(await feed('?location=mum'))).toEqual(['Data Analyst']);
    expect(titles(await feed('?location=remote'))).toEqual(['Backend Intern']);
    expect(titles(await feed('?location=bengaluru'))).toEqual(['Backend Intern']);
    expect((await feed()).items.every((item: { eligible: null }) => item.eligible === null)).toBe(true);

    const signedOut = await server.call('/api/placements/campus/all/openings?eligibleOnly=true');
    expect(signedOut.status).toBe(400);
    expect(signedOut.body.exception.error.fields[0].field).toBe('eligibleOnly');

    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const asStudent = async (query = '') =>
      (await server.call(`/api/placements/campus/all/openings${query}`, { token })).body.result.data;
    expect((await asStudent()).items.map((i: { title: string; eligible: boolean }) => [i.title, i.eligible])).toEqual([
      ['Data Analyst', false],
      ['Backend Intern', true],
    ]);
    expect(titles(await asStudent('?eligibleOnly=true'))).toEqual(['Backend Intern']);
    await mergeAutoFillData(server.db, student.id, {
      grade: '8.4',
      degree: 'b.tech',
      graduationYear: 2026,
      currentBacklogs: 0,
    });
    expect(titles(await asStudent('?eligibleOnly=true'))).toEqual(['Data Analyst', 'Backend Intern']);
  });

  it('401 for a bad token or one whose session has ended (never a quiet signed-out feed)', async () => {
    const student = await seedStudent(server.db);
    const token = await server.tokenFor(student.id);
    const path = '/api/placements/campus/all/openings';
    expect((await server.call(path, { token })).status).toBe(200);
    expect((await server.call(path, { token: 'not-a-token' })).status).toBe(401);
    await server.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokenFamilies.userId, student.id));
    const refused = await server.call(path, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.exception.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('meetsEligibilitySql', () => {
  it('agrees with failedEligibilityRules on every rule, including missing and malformed data', async () => {
    const rules: Eligibility[] = [
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: 7,
        allowedDegrees: [],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: null,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: null,
        allowedDegrees: ['B.Tech', 'B.E.'],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: null,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: null,
        allowedDegrees: [],
        allowedBranches: ['Computer Science'],
        graduationYears: [],
        maxBacklogs: null,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: null,
        allowedDegrees: [],
        allowedBranches: [],
        graduationYears: [2025, 2026],
        maxBacklogs: null,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: null,
        allowedDegrees: [],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: 0,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: 6,
        allowedDegrees: ['B.Tech'],
        allowedBranches: ['ECE'],
        graduationYears: [2026],
        maxBacklogs: 2,
      },
      {
        ...EMPTY_ELIGIBILITY,
        minGrade: null,
        allowedDegrees: [],
        allowedBranches: [],
        graduationYears: [],
        maxBacklogs: null,
      },
    ];
    const groupA = crypto.randomUUID();
    const groupB = crypto.randomUUID();
    rules.push(
      { ...EMPTY_ELIGIBILITY, groupIds: [groupA, groupB] },
      { ...EMPTY_ELIGIBILITY, verifiedEducationOnly: true },
      { ...EMPTY_ELIGIBILITY, minGrade: 7, groupIds: [groupB], verifiedEducationOnly: true },
      // Verified education only: every value rule judged on the verified values, never on the typed ones.
      ...rules.slice(0, 6).map((rule) => ({ ...rule, verifiedEducationOnly: true })),
    );
    const data: AutoFillData[] = [
      {},
      { grade: 7, degree: 'B.Tech', branch: 'computer science ', graduationYear: 2026, currentBacklogs: 0 },
      { grade: '6.9', degree: 'b.e.', branch: 'ECE', graduationYear: '2025' as never, currentBacklogs: 3 },
      { grade: 'A+', degree: 'M.Sc', graduationYear: 2024, currentBacklogs: '1' as never },
      { grade: '9', degree: ' B.Tech ', branch: 'ece', graduationYear: 2026, currentBacklogs: 2 },
    ];
    const people: EligibilityFacts[] = data.flatMap((values, index) => [
      { data: values, memberGroupIds: [], verifiedData: null },
      { data: values, memberGroupIds: index % 2 ? [groupB] : [crypto.randomUUID()], verifiedData: values },
      // Typed values that differ from the verified ones (issue #40: 8.6 typed over a verified 6.8), both ways.
      { data: values, memberGroupIds: [groupB], verifiedData: data[(index + 1) % data.length] ?? {} },
      { data: data[(index + 2) % data.length] ?? {}, memberGroupIds: [], verifiedData: values },
    ]);
    expect(ELIGIBILITY_RULES.length).toBe(7);
    for (const eligibility of rules) {
      for (const facts of people) {
        const [row] = await server.db
          .execute<{ ok: boolean }>(
            sql`select ${meetsEligibilitySql(sql`${JSON.stringify(eligibility)}::jsonb`, facts)} as ok`,
          )
          .then((result) => (Array.isArray(result) ? result : (result as { rows: { ok: boolean }[] }).rows));
        expect([eligibility, facts, row?.ok]).toEqual([
          eligibility,
          facts,
          failedEligibilityRules(eligibility, facts).length === 0,
        ]);
      }
    }
    // Openings stored before the group and verified rules existed lack their keys: they admit everyone.
    const legacy = { minGrade: null, allowedDegrees: [], allowedBranches: [], graduationYears: [], maxBacklogs: null };
    const [row] = await server.db
      .execute<{ ok: boolean }>(
        sql`select ${meetsEligibilitySql(sql`${JSON.stringify(legacy)}::jsonb`, people[0] as EligibilityFacts)} as ok`,
      )
      .then((result) => (Array.isArray(result) ? result : (result as { rows: { ok: boolean }[] }).rows));
    expect(row?.ok).toBe(true);
  });
});
