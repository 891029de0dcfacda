import { EMPTY_ELIGIBILITY, type FormDefinition } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { educationEntries } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent, seedVerificationGroup } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Issue #40, defect 0: a student whose verified CGPA is 6.8 wrote 8.6 into their auto-fill data and became eligible
 * for "CGPA ≥ 7, verified education only". Every route by which a typed value reaches what eligibility reads is tried
 * here; the form view, the feed and the submit must judge the verified values each time.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const key = () => `key-${crypto.randomUUID()}`;

const cgpaForm: FormDefinition = {
  sections: [
    {
      id: 's',
      title: 'Education',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true, autoFillKey: 'name' },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true, autoFillKey: 'grade' },
        { id: 'branch', type: 'shortText', label: 'Branch', required: false, autoFillKey: 'branch' },
        { id: 'backlogs', type: 'number', label: 'Backlogs', required: false, autoFillKey: 'currentBacklogs' },
      ],
    },
  ],
};

const verifiedEducation = {
  institutionName: 'NIT Trichy',
  degree: 'B.Tech',
  fieldOfStudy: 'ECE',
  startMonth: '2022-08',
  endMonth: '2026-05',
  grade: 6.8,
  gradeScale: 'CGPA_10',
  currentBacklogs: 2,
};

/** A student whose main education (CGPA 6.8, ECE, 2 backlogs) is verified by an approved group. */
async function setup() {
  const org = await seedOrganization(server.db, { name: `Initech ${Math.random()}` });
  const orgToken = await server.tokenFor(org.id);
  const student = await seedStudent(server.db, { name: 'Kavya Iyer' });
  const token = await server.tokenFor(student.id);
  const verifier = await seedStudent(server.db, { name: 'Placement Officer' });
  const group = await seedVerificationGroup(server.db, {
    ownerId: org.id,
    name: 'NIT Placement Cell',
    approvalState: 'approved',
    roles: [{ email: verifier.email, role: 'verifier' }],
    members: [student.id],
  });
  expect((await server.call('/api/individual/education', { token, body: verifiedEducation })).status).toBe(200);
  const [entry] = await server.db.select().from(educationEntries).where(eq(educationEntries.userId, student.id));
  if (!entry) throw new Error('no education');
  const decided = await server.call('/api/verification/record', {
    token: await server.tokenFor(verifier.id),
    body: {
      groupId: group.id,
      userId: student.id,
      recordKind: 'education',
      recordId: entry.id,
      recordUpdatedAt: entry.updatedAt.toISOString(),
      decision: 'verified',
    },
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);

  const open = async (eligibility: Partial<typeof EMPTY_ELIGIBILITY>) => {
    const created = await server.call('/api/organization/openings', {
      token: orgToken,
      body: seedOpeningInput({ form: cgpaForm, eligibility: { ...EMPTY_ELIGIBILITY, ...eligibility } }),
    });
    expect(created.status).toBe(200);
    return created.body.result.data.id as string;
  };
  // "CGPA ≥ 7, verified education only", and the same rules judged on what the person entered.
  const verifiedOnly = await open({ minGrade: 7, verifiedEducationOnly: true });
  const branchVerifiedOnly = await open({ allowedBranches: ['CSE'], maxBacklogs: 0, verifiedEducationOnly: true });
  const selfReported = await open({ minGrade: 7 });
  const other = await open({});

  /** What the form view, the feed and (for `submit`) the apply route say about one opening. */
  const judged = async (openingId: string) => {
    const view = await server.call(`/api/placements/campus/apply?openingId=${openingId}`, { token });
    expect(view.status).toBe(200);
    const feed = await server.call('/api/placements/campus/all/openings?limit=50', { token });
    const inFeed = feed.body.result.data.items.find((item: { id: string }) => item.id === openingId);
    const onlyEligible = await server.call('/api/placements/campus/all/openings?limit=50&eligibleOnly=true', {
      token,
    });
    const listed = onlyEligible.body.result.data.items.some((item: { id: string }) => item.id === openingId);
    return {
      failedRules: view.body.result.data.viewer.failedRules as string[],
      eligible: view.body.result.data.viewer.eligible as boolean,
      feedEligible: inFeed?.eligible as boolean,
      listedAsEligible: listed,
    };
  };
  const submit = (openingId: string) =>
    server.call('/api/placements/campus/apply', {
      token,
      body: { openingId, idempotencyKey: key(), answers: { name: 'Kavya Iyer', cgpa: 8.6 } },
    });
  const autoFill = async () =>
    (await server.call('/api/user/update/autoFillData', { token, body: { autoFillData: {} } })).body.result.data
      .autoFillData;
  return {
    org,
    orgToken,
    student,
    token,
    entry,
    verifiedOnly,
    branchVerifiedOnly,
    selfReported,
    other,
    judged,
    submit,
    autoFill,
  };
}

const ineligibleOnGrade = { failedRules: ['minGrade'], eligible: false, feedEligible: false, listedAsEligible: false };
const ineligibleOnBranch = {
  failedRules: ['allowedBranches', 'maxBacklogs'],
  eligible: false,
  feedEligible: false,
  listedAsEligible: false,
};

describe('eligibility of "verified education only" openings reads the verified values', () => {
  it('POST /api/user/update/autoFillData: a typed 8.6 over a verified 6.8 changes nothing', async () => {
    const s = await setup();
    expect(await s.judged(s.verifiedOnly)).toEqual(ineligibleOnGrade);
    const typed = await server.call('/api/user/update/autoFillData', {
      token: s.token,
      body: { autoFillData: { grade: 8.6, gradeScale: 'CGPA_10', branch: 'CSE', currentBacklogs: 0 } },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.result.data.autoFillData).toMatchObject({ grade: 8.6, branch: 'CSE' });
    expect(await s.judged(s.verifiedOnly)).toEqual(ineligibleOnGrade);
    expect(await s.judged(s.branchVerifiedOnly)).toEqual(ineligibleOnBranch);
    const refused = await s.submit(s.verifiedOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.code).toBe('FORBIDDEN');
    // An opening that does not ask for verification judges what the person entered (self-reported).
    expect((await s.judged(s.selfReported)).eligible).toBe(true);
  });

  it("answers to another opening's CGPA question teach auto-fill, never what eligibility reads", async () => {
    const s = await setup();
    const answered = await server.call('/api/placements/campus/apply', {
      token: s.token,
      body: {
        openingId: s.other,
        idempotencyKey: key(),
        answers: { name: 'Kavya Iyer', cgpa: 8.6, branch: 'CSE', backlogs: 0 },
      },
    });
    expect(answered.status).toBe(200);
    expect(await s.autoFill()).toMatchObject({ grade: 8.6, branch: 'CSE', currentBacklogs: 0 });
    // The organization is shown the verified grade beside the badge, not the typed one, in the table and the panel.
    const page = await server.call(`/api/organization/openings/id/applications?id=${s.other}`, { token: s.orgToken });
    const [row] = page.body.result.data.items;
    expect(row).toMatchObject({ grade: 6.8, gradeScale: 'CGPA_10', graduationYear: 2026, factsVerified: true });
    expect(row.verifiedRecords).toHaveLength(1);
    const one = await server.call(
      `/api/organization/openings/id/applications/one?id=${s.other}&applicationId=${row.id}`,
      {
        token: s.orgToken,
      },
    );
    expect(one.body.result.data).toMatchObject({ grade: 6.8, factsVerified: true });
    // Someone without a verified education: their typed values, marked self-reported.
    const other = await seedStudent(server.db, { name: 'Unverified' });
    const otherToken = await server.tokenFor(other.id);
    await server.call('/api/user/update/autoFillData', {
      token: otherToken,
      body: { autoFillData: { grade: 9.1, gradeScale: 'CGPA_10' } },
    });
    expect(
      (
        await server.call('/api/placements/campus/apply', {
          token: otherToken,
          body: { openingId: s.other, idempotencyKey: key(), answers: { name: 'Unverified', cgpa: 9.1 } },
        })
      ).status,
    ).toBe(200);
    const again = await server.call(`/api/organization/openings/id/applications?id=${s.other}`, { token: s.orgToken });
    expect(
      again.body.result.data.items.map((item: { grade: number; factsVerified: boolean }) => [
        item.grade,
        item.factsVerified,
      ]),
    ).toEqual([
      [9.1, false],
      [6.8, true],
    ]);
    expect(await s.judged(s.verifiedOnly)).toEqual(ineligibleOnGrade);
    expect(await s.judged(s.branchVerifiedOnly)).toEqual(ineligibleOnBranch);
    expect((await s.submit(s.verifiedOnly)).status).toBe(403);
  });

  it('editing the education voids its badge: the opening then asks for a verified education', async () => {
    const s = await setup();
    const edited = await server.call('/api/individual/education', {
      token: s.token,
      method: 'PUT',
      body: { id: s.entry.id, entry: { ...verifiedEducation, grade: 8.6 } },
    });
    expect(edited.status).toBe(200);
    const judged = await s.judged(s.verifiedOnly);
    expect(judged).toMatchObject({ eligible: false, feedEligible: false, listedAsEligible: false });
    expect(judged.failedRules).toContain('verifiedEducation');
    expect((await s.submit(s.verifiedOnly)).status).toBe(403);
  });

  it('a new, unverified education that becomes the main one is not the verified one', async () => {
    const s = await setup();
    const added = await server.call('/api/individual/education', {
      token: s.token,
      body: {
        ...verifiedEducation,
        degree: 'M.Tech',
        isCurrent: true,
        endMonth: null,
        grade: 9.5,
        fieldOfStudy: 'CSE',
      },
    });
    expect(added.status).toBe(200);
    const judged = await s.judged(s.verifiedOnly);
    expect(judged).toMatchObject({ eligible: false, feedEligible: false, listedAsEligible: false });
    expect(judged.failedRules).toContain('verifiedEducation');
    expect((await s.submit(s.verifiedOnly)).status).toBe(403);
  });

  it('a profile update changes nothing either', async () => {
    const s = await setup();
    const profile = await server.call('/api/individual/profile', {
      token: s.token,
      body: { profile: { name: 'Kavya I.', headline: 'CGPA 8.6' } },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(await s.judged(s.verifiedOnly)).toEqual(ineligibleOnGrade);
  });

  it('the verified values admit whoever they admit, whatever was typed since', async () => {
    const s = await setup();
    const lower = await server.call('/api/user/update/autoFillData', {
      token: s.token,
      body: { autoFillData: { grade: 5, branch: 'Civil', currentBacklogs: 9 } },
    });
    expect(lower.status).toBe(200);
    // Verified ECE with 2 backlogs: this opening asks for ≤ 2 backlogs and ECE.
    const created = await server.call('/api/organization/openings', {
      token: s.orgToken,
      body: seedOpeningInput({
        form: cgpaForm,
        eligibility: {
          ...EMPTY_ELIGIBILITY,
          minGrade: 6.5,
          allowedBranches: ['ece'],
          maxBacklogs: 2,
          verifiedEducationOnly: true,
        },
      }),
    });
    const openingId = created.body.result.data.id as string;
    expect(await s.judged(openingId)).toEqual({
      failedRules: [],
      eligible: true,
      feedEligible: true,
      listedAsEligible: true,
    });
    expect((await s.submit(openingId)).status).toBe(200);
  });
});

describe('the organization sorts, filters, ranks and exports on the values it is shown', () => {
  it('grade sort, grade/year filters, the ranking’s grade and the export read the verified education, typed values only without one', async () => {
    const s = await setup();
    // Kavya typed 8.6 (and a later graduation year) over her verified 6.8, 2026.
    await server.call('/api/user/update/autoFillData', {
      token: s.token,
      body: { autoFillData: { grade: 8.6, gradeScale: 'CGPA_10', graduationYear: 2030 } },
    });
    expect((await s.submit(s.other)).status).toBe(200);
    // Ravi has no verified education: his typed 7.5 and 2027 are what there is (self-reported).
    const ravi = await seedStudent(server.db, { name: 'Ravi' });
    const raviToken = await server.tokenFor(ravi.id);
    await server.call('/api/user/update/autoFillData', {
      token: raviToken,
      body: { autoFillData: { grade: 7.5, gradeScale: 'CGPA_10', graduationYear: 2027 } },
    });
    const applied = await server.call('/api/placements/campus/apply', {
      token: raviToken,
      body: { openingId: s.other, idempotencyKey: key(), answers: { name: 'Ravi', cgpa: 7.5 } },
    });
    expect(applied.status).toBe(200);
    const list = async (query: string) => {
      const res = await server.call(`/api/organization/openings/id/applications?id=${s.other}${query}`, {
        token: s.orgToken,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (
        res.body.result.data.items as { applicant: { name: string }; grade: number; factsVerified: boolean }[]
      ).map((item) => [item.applicant.name, item.grade, item.factsVerified]);
    };
    const kavya = ['Kavya Iyer', 6.8, true];
    const raviRow = ['Ravi', 7.5, false];
    // The grade sort key: 7.5 (typed, no verified record) above the verified 6.8, never the typed 8.6.
    expect(await list('&order=gradeDesc')).toEqual([raviRow, kavya]);
    expect(await list('&order=gradeAsc')).toEqual([kavya, raviRow]);
    // The year sort key: verified 2026 before Ravi's 2027 (her typed 2030 does not count).
    expect(await list('&order=graduationYearAsc')).toEqual([kavya, raviRow]);
    // The filters.
    expect(await list('&minGrade=7')).toEqual([raviRow]);
    expect(await list('&maxGrade=7')).toEqual([kavya]);
    expect(await list('&graduationYearTo=2026')).toEqual([kavya]);
    expect(await list('&graduationYearFrom=2028')).toEqual([]);

    // The ranking's grade criterion explains and scores the verified 6.8.
    const recipe = await server.call('/api/organization/shortlisting/recipe', {
      token: s.orgToken,
      method: 'PUT',
      body: { openingId: s.other, recipe: { criteria: [{ kind: 'grade', weight: 1 }], knockouts: [] } },
    });
    expect(recipe.status, JSON.stringify(recipe.body)).toBe(200);
    const ranked = await server.call(`/api/organization/shortlisting/candidate/ranking?openingId=${s.other}`, {
      token: s.orgToken,
    });
    const items = ranked.body.result.data.items as {
      applicant: { name: string };
      score: number;
      explanation: { raw: string }[];
    }[];
    expect(items.map((item) => [item.applicant.name, item.score, item.explanation[0]?.raw])).toEqual([
      ['Ravi', 75, '7.5 of 10'],
      ['Kavya Iyer', 68, '6.8 of 10'],
    ]);
    // The export's grade contribution is the same stored ranking's.
    const csv = await server.call(`/api/organization/openings/id/applications/export?id=${s.other}&format=csv`, {
      token: s.orgToken,
    });
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const contribution = header.indexOf('Contribution: Grade');
    const score = header.indexOf('Score');
    const cells = (name: string) => lines.find((line) => line.includes(`,${name},`))?.split(',') ?? [];
    expect([cells('Kavya Iyer')[score], cells('Kavya Iyer')[contribution]]).toEqual(['68', '68']);
    expect([cells('Ravi')[score], cells('Ravi')[contribution]]).toEqual(['75', '75']);
  });
});
