import {
  type CandidateRatings,
  type FormDefinition,
  ORGANIZATION_HEADER,
  type Pipeline,
  RANKING_TIE_BREAK,
  type RankingPage,
  type RatingCriteria,
  type RecipeInput,
  type RecipeState,
  type SharedShortlist,
  type ShortlistUsers,
} from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  autoFillData,
  organizationAuditEvents,
  videoAnswers,
  videoScores,
  videoTasks,
} from '../../db/schema';
import {
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
  seedVideoAnswer,
  seedVideoTask,
} from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';

/** A number question (years) and a choice question (level) beside the usual name and email. */
const FORM: FormDefinition = {
  sections: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true },
        { id: 'email', type: 'email', label: 'Email', required: true },
        { id: 'years', type: 'number', label: 'Years of experience', required: true },
        {
          id: 'level',
          type: 'singleChoice',
          label: 'Level',
          required: true,
          options: [
            { id: 'junior', label: 'Junior' },
            { id: 'senior', label: 'Senior' },
            { id: 'lead', label: 'Lead' },
          ],
        },
      ],
    },
  ],
};

interface Applicant {
  name: string;
  years: number;
  level: 'junior' | 'senior' | 'lead';
  facts: Record<string, unknown>;
}

/**
 * An organization with a coordinator, a reviewer of this opening, a reviewer of another, and applicants who answered
 * a number question (years) and a choice question (level) and have profile facts; submitted one second apart.
 */
async function setup(people: Applicant[]) {
  const org = await seedOrganization(server.db, { name: `Org ${Math.random()}` });
  const students = [];
  for (const person of people) {
    const student = await seedStudent(server.db, { name: person.name });
    await server.db.insert(autoFillData).values({ userId: student.id, data: person.facts });
    students.push(student);
  }
  const { opening, applications: seeded } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}`, form: FORM },
    applicants: students.map((s, i) => ({
      userId: s.id,
      answers: {
        name: people[i]?.name,
        email: 'a@example.com',
        years: people[i]?.years,
        level: { optionId: people[i]?.level },
      },
    })),
  });
  for (const [i, application] of seeded.entries()) {
    await server.db
      .update(applications)
      .set({ submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
      .where(eq(applications.id, application.id));
  }
  const { opening: other } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Other ${Math.random()}` },
  });
  const team = await seedTeamTokens(server, org.id, opening.id, other.id);
  const tokens = {
    ...team,
    applicant: await server.tokenFor(students[0]?.id ?? 0),
    signedOut: undefined,
  };
  type Who = keyof typeof tokens;
  const as = (who: Who, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      token: tokens[who],
      headers:
        who === 'coordinator' || who === 'reviewer' || who === 'elsewhere'
          ? { [ORGANIZATION_HEADER]: String(org.id) }
          : {},
    });
  const byName = new Map(seeded.map((application, i) => [people[i]?.name ?? '', application.id]));
  const idOf = (name: string) => {
    const id = byName.get(name);
    if (!id) throw new Error(`no application of ${name}`);
    return id;
  };
  const ranking = async (query = '', who: Who = 'owner'): Promise<RankingPage> => {
    const res = await as(who, `${base}/candidate/ranking?openingId=${opening.id}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.data;
  };
  const saveRecipe = async (recipe: RecipeInput, who: Who = 'owner') =>
    as(who, `${base}/recipe`, { method: 'PUT', body: { openingId: opening.id, recipe } });
  const criteria = async (): Promise<RatingCriteria> =>
    (await as('owner', `${base}/criteria?openingId=${opening.id}`)).body.result.data;
  const names = (page: RankingPage) => page.items.map((item) => item.applicant.name);
  return { org, opening, other, as, idOf, ranking, saveRecipe, criteria, names, students };
}

const facts = (grade: number, gradeScale: string, graduationYear: number, currentBacklogs: number) => ({
  grade,
  gradeScale,
  graduationYear,
  currentBacklogs,
});

const PEOPLE: Applicant[] = [
  { name: 'Asha', years: 2, level: 'junior', facts: facts(8.0, 'CGPA_10', 2025, 0) },
  { name: 'Bala', years: 6, level: 'senior', facts: facts(60, 'PERCENTAGE', 2024, 0) },
  { name: 'Chitra', years: 4, level: 'lead', facts: facts(3.6, 'CGPA_4', 2025, 2) },
  { name: 'Dev', years: 2, level: 'junior', facts: facts(8.0, 'CGPA_10', 2025, 0) },
];

describe('rating criteria', () => {
  it('every opening starts with Overall; owners and coordinators add, rename and remove, reviewers read', async () => {
    const { as, opening, criteria } = await setup(PEOPLE.slice(0, 1));
    const first = await criteria();
    expect(first.criteria.map((c) => c.name)).toEqual(['Overall']);
    expect(first.abilities).toEqual({ manage: true, rate: true });

    const added = await as('coordinator', `${base}/criteria`, {
      method: 'POST',
      body: { openingId: opening.id, name: 'Problem solving' },
    });
    expect(added.status).toBe(200);
    expect(added.body.result.data.criteria.map((c: { name: string }) => c.name)).toEqual([
      'Overall',
      'Problem solving',
    ]);
    const duplicate = await as('owner', `${base}/criteria`, {
      method: 'POST',
      body: { openingId: opening.id, name: 'problem SOLVING' },
    });
    expect(duplicate.status).toBe(400);

    const reviewerAdds = await as('reviewer', `${base}/criteria`, {
      method: 'POST',
      body: { openingId: opening.id, name: 'Communication' },
    });
    expect(reviewerAdds.status).toBe(403);
    const reviewerReads = await as('reviewer', `${base}/criteria?openingId=${opening.id}`);
    expect(reviewerReads.body.result.data.abilities).toEqual({ manage: false, rate: true });

    const solving = added.body.result.data.criteria[1].id;
    const renamed = await as('owner', `${base}/criteria`, {
      method: 'PATCH',
      body: { openingId: opening.id, criterionId: solving, name: 'Problem-solving' },
    });
    expect(renamed.body.result.data.criteria[1].name).toBe('Problem-solving');
    const removed = await as('owner', `${base}/criteria?openingId=${opening.id}&criterionId=${solving}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    const overall = removed.body.result.data.criteria[0].id;
    const last = await as('owner', `${base}/criteria?openingId=${opening.id}&criterionId=${overall}`, {
      method: 'DELETE',
    });
    expect(last.status).toBe(409);
  });
});

describe('ratings', () => {
  it('a rater sees the others’ ratings on a criterion only after giving their own', async () => {
    const { as, opening, idOf, criteria } = await setup(PEOPLE.slice(0, 2));
    const overall = (await criteria()).criteria[0]?.id;
    const applicationId = idOf('Asha');
    const rateAs = (who: 'owner' | 'coordinator' | 'reviewer', score: number) =>
      as(who, `${base}/ratings`, {
        method: 'PUT',
        body: { openingId: opening.id, applicationId, criterionId: overall, score },
      });
    expect((await rateAs('owner', 4)).status).toBe(200);
    expect((await rateAs('coordinator', 2)).status).toBe(200);

    const before = await as('reviewer', `${base}/ratings?openingId=${opening.id}&applicationId=${applicationId}`);
    expect(before.status).toBe(200);
    const beforeData: CandidateRatings = before.body.result.data;
    expect(beforeData.criteria[0]).toMatchObject({ name: 'Overall', mine: null, summary: null });

    const after = await rateAs('reviewer', 5);
    const afterData: CandidateRatings = after.body.result.data;
    expect(afterData.criteria[0]?.mine).toBe(5);
    expect(afterData.criteria[0]?.summary).toMatchObject({ average: 3.67, count: 3 });
    expect(afterData.criteria[0]?.summary?.raters.map((r) => r.score)).toEqual([4, 2, 5]);

    // Changing one's rating replaces it.
    const again = (await rateAs('reviewer', 3)).body.result.data as CandidateRatings;
    expect(again.criteria[0]?.summary).toMatchObject({ average: 3, count: 3 });

    expect((await rateAs('owner', 6)).status).toBe(400);
    const wrongApplication = await as('owner', `${base}/ratings`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: opening.id, criterionId: overall, score: 3 },
    });
    expect(wrongApplication.status).toBe(404);
  });

  it('refuses the signed out, another organization, the applicant and a reviewer of another opening', async () => {
    const { as, opening, idOf, criteria } = await setup(PEOPLE.slice(0, 1));
    const overall = (await criteria()).criteria[0]?.id;
    const body = { openingId: opening.id, applicationId: idOf('Asha'), criterionId: overall, score: 3 };
    const expected = { signedOut: 401, stranger: 404, applicant: 404, elsewhere: 403 } as const;
    for (const [who, status] of Object.entries(expected)) {
      const put = await as(who as keyof typeof expected, `${base}/ratings`, { method: 'PUT', body });
      expect(put.status, `${who} rates`).toBe(status);
      const get = await as(
        who as keyof typeof expected,
        `${base}/ratings?openingId=${opening.id}&applicationId=${idOf('Asha')}`,
      );
      expect(get.status, `${who} reads`).toBe(status);
    }
  });
});

describe('ranking', () => {
  it('without a recipe, everyone scores 0 in order of application, and the tie-break rule comes along', async () => {
    const { ranking, names } = await setup(PEOPLE);
    const page = await ranking();
    expect(page.hasRecipe).toBe(false);
    expect(page.tieBreak).toBe(RANKING_TIE_BREAK);
    expect(names(page)).toEqual(['Asha', 'Bala', 'Chitra', 'Dev']);
    expect(page.items.map((i) => i.rank)).toEqual([1, 2, 3, 4]);
    expect(page.items.every((i) => i.score === 0)).toBe(true);
  });

  it('scores by the recipe with every term explained, grades normalised across scales, ties by submission', async () => {
    const { ranking, saveRecipe, names } = await setup(PEOPLE);
    const saved = await saveRecipe({
      criteria: [
        { kind: 'grade', weight: 2 },
        { kind: 'numberAnswer', fieldId: 'years', weight: 1 },
        { kind: 'choiceAnswer', fieldId: 'level', weight: 1, values: { junior: 10, senior: 50, lead: 100 } },
      ],
      knockouts: [],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const state: RecipeState = saved.body.result.data;
    expect(state.fields.map((f) => [f.id, f.type])).toEqual([
      ['years', 'number'],
      ['level', 'choice'],
    ]);

    const page = await ranking();
    // Chitra: grade 3.6/4 = .9, years (4-2)/(6-2) = .5, lead 1 → (2·.9 + .5 + 1)/4 = 82.5
    // Bala: grade .6, years 1, senior .5 → (1.2 + 1 + .5)/4 = 67.5
    // Asha and Dev: grade .8, years 0, junior .1 → (1.6 + 0 + .1)/4 = 42.5 — a tie, Asha applied first.
    expect(names(page)).toEqual(['Chitra', 'Bala', 'Asha', 'Dev']);
    expect(page.items.map((i) => i.score)).toEqual([82.5, 67.5, 42.5, 42.5]);
    expect(page.items.map((i) => i.rank)).toEqual([1, 2, 3, 4]);
    const chitra = page.items[0];
    expect(chitra?.explanation).toEqual([
      { index: 0, kind: 'grade', label: 'Grade', raw: '3.6 of 4', normalised: 0.9, weight: 2, contribution: 45 },
      {
        index: 1,
        kind: 'numberAnswer',
        label: 'Years of experience',
        raw: '4',
        normalised: 0.5,
        weight: 1,
        contribution: 12.5,
      },
      {
        index: 2,
        kind: 'choiceAnswer',
        label: 'Level',
        raw: 'Lead (worth 100)',
        normalised: 1,
        weight: 1,
        contribution: 25,
      },
    ]);
    expect(chitra?.why).toBe('Grade 3.6 of 4 (+45) · Level Lead (worth 100) (+25)');

    // Changing a weight re-ranks at once.
    await saveRecipe({
      criteria: [
        { kind: 'grade', weight: 0 },
        { kind: 'numberAnswer', fieldId: 'years', weight: 1 },
      ],
      knockouts: [],
    });
    expect(names(await ranking())).toEqual(['Bala', 'Chitra', 'Asha', 'Dev']);
  });

  it('knock-outs exclude with their reasons, after everyone ranked; filters keep the opening-wide rank', async () => {
    const { ranking, saveRecipe, names, as, opening, idOf } = await setup(PEOPLE);
    await saveRecipe({
      criteria: [{ kind: 'numberAnswer', fieldId: 'years', weight: 1 }],
      knockouts: [
        { kind: 'maxBacklogs', count: 0 },
        { kind: 'graduationYears', years: [2025] },
      ],
    });
    const page = await ranking();
    expect(names(page)).toEqual(['Asha', 'Dev', 'Bala', 'Chitra']);
    expect(page.items.map((i) => i.rank)).toEqual([1, 2, null, null]);
    expect(page.items[2]?.knockouts).toEqual(['Graduates outside 2025']);
    expect(page.items[3]?.knockouts).toEqual(['More than 0 current backlogs, or none given']);
    expect(page.items[3]?.why).toMatch(/^Excluded: More than 0 current backlogs/);

    expect(names(await ranking('&show=passing'))).toEqual(['Asha', 'Dev']);
    expect(names(await ranking('&show=knockedOut'))).toEqual(['Bala', 'Chitra']);
    expect(names(await ranking('&minScore=50'))).toEqual(['Bala', 'Chitra']);

    // Move Dev to Shortlisted: the stage filter shows Dev with the rank Dev has in the whole opening.
    const pipeline: Pipeline = (await as('owner', `${base}/stages?openingId=${opening.id}`)).body.result.data;
    const shortlisted = pipeline.stages.find((s) => s.kind === 'shortlisted');
    await as('owner', `${base}/moves`, {
      method: 'POST',
      body: { openingId: opening.id, toStageId: shortlisted?.id, applicationIds: [idOf('Dev')] },
    });
    const staged = await ranking(`&stageId=${shortlisted?.id}`);
    expect(staged.total).toBe(1);
    expect(staged.items.map((i) => [i.applicant.name, i.rank])).toEqual([['Dev', 2]]);

    const paged = await ranking('&limit=1&page=2');
    expect(paged.total).toBe(4);
    expect(names(paged)).toEqual(['Dev']);
    expect((await ranking('&limit=1&page=9')).total).toBe(4);
  });

  it('average ratings count, but a rater who has not rated that candidate sees that term hidden', async () => {
    const { ranking, saveRecipe, as, opening, idOf, criteria } = await setup(PEOPLE.slice(0, 2));
    const overall = (await criteria()).criteria[0]?.id ?? '';
    await saveRecipe({ criteria: [{ kind: 'rating', criterionId: overall, weight: 1 }], knockouts: [] });
    await as('owner', `${base}/ratings`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Bala'), criterionId: overall, score: 5 },
    });
    const owner = await ranking();
    expect(owner.items[0]).toMatchObject({ applicant: { name: 'Bala' }, score: 100 });
    expect(owner.items[0]?.explanation[0]).toMatchObject({ raw: '5 of 5', normalised: 1, contribution: 100 });
    const reviewer = await ranking('', 'reviewer');
    expect(reviewer.items[0]?.explanation[0]).toMatchObject({ raw: null, normalised: null, contribution: null });
    // Nor the score that sums it (issue #40: a hidden rating could be worked out from the total).
    expect(reviewer.items.map((i) => i.score)).toEqual([null, null]);
    expect(owner.items.map((i) => i.score)).toEqual([100, null]);
  });

  it('a share link with Scores shows the ranking page’s score and breakdown; judgement terms stay hidden to a visitor', async () => {
    const { ranking, saveRecipe, as, opening, idOf, criteria } = await setup(PEOPLE);
    await saveRecipe({
      criteria: [
        { kind: 'grade', weight: 2 },
        { kind: 'numberAnswer', fieldId: 'years', weight: 1 },
        { kind: 'choiceAnswer', fieldId: 'level', weight: 1, values: { junior: 10, senior: 50, lead: 100 } },
      ],
      knockouts: [],
    });
    const shortlist = await as('owner', `${base}/lists`, {
      body: { openingId: opening.id, name: 'Panel', applicationIds: [idOf('Chitra'), idOf('Asha')] },
    });
    expect(shortlist.status).toBe(200);
    const shortlistId: string = shortlist.body.result.data.id;
    const link = await as('owner', `${base}/sharable/link`, { body: { shortlistId, fields: ['name', 'scores'] } });
    const token = new URL(link.body.result.data.url).searchParams.get('link') ?? '';
    const visit = async (): Promise<SharedShortlist> => {
      const res = await server.call(`${base}/sharable/view?link=${token}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.data;
    };
    const page = await ranking();
    const chitra = page.items.find((item) => item.applicant.name === 'Chitra');
    let shared = await visit();
    // Before the fix the API answered score: null (it read a column nothing writes).
    expect(shared.candidates.map((c) => c.score)).toEqual([82.5, 42.5]);
    expect(shared.candidates[0]?.ranking).toEqual({
      rank: chitra?.rank,
      why: chitra?.why,
      knockouts: [],
      explanation: chitra?.explanation,
    });
    // The organization's own view of the shortlist reads the same stored ranking.
    const users: ShortlistUsers = (await as('owner', `${base}/id/users?id=${shortlistId}`)).body.result.data;
    expect(users.items.map((c) => c.score)).toEqual([82.5, 42.5]);

    // A link without Scores shows none.
    const plain = await as('owner', `${base}/sharable/link`, { body: { shortlistId, fields: ['name'] } });
    const plainToken = new URL(plain.body.result.data.url).searchParams.get('link') ?? '';
    const plainView: SharedShortlist = (await server.call(`${base}/sharable/view?link=${plainToken}`)).body.result.data;
    expect(plainView.candidates.map((c) => [c.score, c.ranking, c.stageName])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);

    // A rating term: a visitor gives no judgement, so it stays hidden and so does the score summing it; the member
    // who rated sees both, the member who did not sees neither — in the shortlist as on the ranking page.
    const overall = (await criteria()).criteria[0]?.id ?? '';
    await saveRecipe({
      criteria: [
        { kind: 'numberAnswer', fieldId: 'years', weight: 1 },
        { kind: 'rating', criterionId: overall, weight: 1 },
      ],
      knockouts: [],
    });
    await as('owner', `${base}/ratings`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Chitra'), criterionId: overall, score: 5 },
    });
    shared = await visit();
    expect(shared.candidates.map((c) => c.score)).toEqual([null, null]);
    expect(shared.candidates[0]?.ranking?.explanation[1]).toMatchObject({ raw: null, contribution: null });
    expect(shared.candidates[0]?.ranking?.explanation[0]).toMatchObject({ raw: '4', contribution: 25 });
    const owner: ShortlistUsers = (await as('owner', `${base}/id/users?id=${shortlistId}`)).body.result.data;
    const ownerPage = await ranking();
    expect(owner.items[0]?.score).toBe(ownerPage.items.find((i) => i.applicant.name === 'Chitra')?.score);
    expect(owner.items[0]?.score).toBe(75);
    const reviewer: ShortlistUsers = (await as('reviewer', `${base}/id/users?id=${shortlistId}`)).body.result.data;
    expect(reviewer.items.map((c) => c.score)).toEqual([null, null]);
  });

  it('checks the recipe against the opening: questions of the right kind, its own criteria', async () => {
    const { saveRecipe, other } = await setup(PEOPLE.slice(0, 1));
    const wrongKind = await saveRecipe({
      criteria: [{ kind: 'numberAnswer', fieldId: 'level', weight: 1 }],
      knockouts: [],
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.exception.error.fields[0].field).toBe('recipe.criteria.0.fieldId');
    const foreign = await saveRecipe({
      criteria: [{ kind: 'rating', criterionId: other.id, weight: 1 }],
      knockouts: [],
    });
    expect(foreign.status).toBe(400);
    expect((await saveRecipe({ criteria: [{ kind: 'grade', weight: 101 }], knockouts: [] })).status).toBe(400);
    expect((await saveRecipe({ criteria: [], knockouts: [] }, 'reviewer')).status).toBe(403);
  });

  it('pins put a candidate above or below the computed order, with the reason kept in the activity trail', async () => {
    const { ranking, saveRecipe, names, as, opening, idOf, org } = await setup(PEOPLE);
    await saveRecipe({ criteria: [{ kind: 'numberAnswer', fieldId: 'years', weight: 1 }], knockouts: [] });
    expect(names(await ranking())).toEqual(['Bala', 'Chitra', 'Asha', 'Dev']);
    const pinned = await as('coordinator', `${base}/candidate/pin`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Bala'), direction: 'bottom', reason: 'Joins next year' },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.result.data.pin).toMatchObject({ direction: 'bottom', reason: 'Joins next year' });
    await as('owner', `${base}/candidate/pin`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Dev'), direction: 'top', reason: 'Referred by the panel' },
    });
    const page = await ranking();
    expect(names(page)).toEqual(['Dev', 'Chitra', 'Asha', 'Bala']);
    expect(page.items.map((i) => i.rank)).toEqual([1, 2, 3, 4]);
    expect(page.items[0]?.why).toBe('Pinned to the top: Referred by the panel');
    // Who pinned: the organization's own account by its user name, a team member by their profile's.
    expect(page.items[0]?.pin).toMatchObject({ direction: 'top', by: { id: org.id, name: org.name } });
    expect(page.items[3]?.pin).toMatchObject({ direction: 'bottom', by: { name: 'Coordinator' } });

    const reviewerPins = await as('reviewer', `${base}/candidate/pin`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Asha'), direction: 'top', reason: 'x' },
    });
    expect(reviewerPins.status).toBe(403);

    const unpinned = await as('owner', `${base}/candidate/pin?openingId=${opening.id}&applicationId=${idOf('Bala')}`, {
      method: 'DELETE',
    });
    expect(unpinned.status).toBe(200);
    expect(names(await ranking())).toEqual(['Dev', 'Bala', 'Chitra', 'Asha']);
    const trail = await server.db
      .select({ kind: organizationAuditEvents.kind, details: organizationAuditEvents.details })
      .from(organizationAuditEvents)
      .where(
        and(
          eq(organizationAuditEvents.organizationId, org.id),
          eq(organizationAuditEvents.applicationId, idOf('Bala')),
        ),
      );
    expect(trail.map((row) => row.kind).sort()).toEqual(['candidate.pinned', 'candidate.unpinned']);
  });

  it('without a recipe the export ranks in submission order, and a pin still moves the rank', async () => {
    const { as, opening, idOf } = await setup(PEOPLE);
    const exported = async () => {
      const csv = await as('owner', `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`);
      expect(csv.status).toBe(200);
      const lines = (csv.body as string)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const header = lines[0]?.split(',') ?? [];
      return lines.slice(1).map((line) => {
        const cells = line.split(',');
        return [cells[1], cells[header.indexOf('Rank')], cells[header.indexOf('Score')]];
      });
    };
    // Rows stay oldest first; with nothing to rank by, the rank is the order of submission and there is no score.
    expect(await exported()).toEqual([
      ['Asha', '1', ''],
      ['Bala', '2', ''],
      ['Chitra', '3', ''],
      ['Dev', '4', ''],
    ]);
    await as('owner', `${base}/candidate/pin`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Dev'), direction: 'top', reason: 'Referred by the panel' },
    });
    expect(await exported()).toEqual([
      ['Asha', '2', ''],
      ['Bala', '3', ''],
      ['Chitra', '4', ''],
      ['Dev', '1', ''],
    ]);
  });

  it('every route refuses the signed out (401), another organization and the applicant (404), a reviewer elsewhere (403)', async () => {
    const { as, opening, idOf, criteria } = await setup(PEOPLE.slice(0, 1));
    const overall = (await criteria()).criteria[0]?.id;
    const applicationId = idOf('Asha');
    const routes: { path: string; method?: string; body?: unknown; reviewer: number }[] = [
      { path: `${base}/criteria?openingId=${opening.id}`, reviewer: 200 },
      { path: `${base}/criteria`, method: 'POST', body: { openingId: opening.id, name: 'X' }, reviewer: 403 },
      {
        path: `${base}/criteria`,
        method: 'PATCH',
        body: { openingId: opening.id, criterionId: overall, name: 'Overall' },
        reviewer: 403,
      },
      { path: `${base}/criteria?openingId=${opening.id}&criterionId=${overall}`, method: 'DELETE', reviewer: 403 },
      { path: `${base}/recipe?openingId=${opening.id}`, reviewer: 200 },
      {
        path: `${base}/recipe`,
        method: 'PUT',
        body: { openingId: opening.id, recipe: { criteria: [], knockouts: [] } },
        reviewer: 403,
      },
      { path: `${base}/candidate/ranking?openingId=${opening.id}`, reviewer: 200 },
      {
        path: `${base}/candidate/pin`,
        method: 'PUT',
        body: { openingId: opening.id, applicationId, direction: 'top', reason: 'Why' },
        reviewer: 403,
      },
      {
        path: `${base}/candidate/pin?openingId=${opening.id}&applicationId=${applicationId}`,
        method: 'DELETE',
        reviewer: 403,
      },
    ];
    for (const route of routes) {
      const label = `${route.method ?? 'GET'} ${route.path.split('?')[0]}`;
      const options = { method: route.method, body: route.body };
      expect((await as('signedOut', route.path, options)).status, `${label} signed out`).toBe(401);
      expect((await as('stranger', route.path, options)).status, `${label} stranger`).toBe(404);
      expect((await as('applicant', route.path, options)).status, `${label} applicant`).toBe(404);
      expect((await as('elsewhere', route.path, options)).status, `${label} reviewer elsewhere`).toBe(403);
      expect((await as('reviewer', route.path, options)).status, `${label} reviewer`).toBe(route.reviewer);
    }
  });
});

describe('exports', () => {
  it('the CSV and XLSX of an opening carry rank, score, each criterion’s contribution and average ratings', async () => {
    const { saveRecipe, as, opening, idOf, criteria } = await setup(PEOPLE);
    const overall = (await criteria()).criteria[0]?.id ?? '';
    await saveRecipe({
      criteria: [
        { kind: 'numberAnswer', fieldId: 'years', weight: 3 },
        { kind: 'rating', criterionId: overall, weight: 1 },
      ],
      knockouts: [{ kind: 'maxBacklogs', count: 0 }],
    });
    for (const [who, score] of [
      ['owner', 5],
      ['coordinator', 4],
    ] as const) {
      await as(who, `${base}/ratings`, {
        method: 'PUT',
        body: { openingId: opening.id, applicationId: idOf('Asha'), criterionId: overall, score },
      });
    }
    const csv = await as('owner', `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const rowOf = (name: string) => lines.find((line) => line.includes(`,${name},`))?.split(',') ?? [];
    const cell = (name: string, column: string) => rowOf(name)[header.indexOf(column)];
    expect(header).toEqual(
      expect.arrayContaining([
        'Stage',
        'Rank',
        'Score',
        'Contribution: Years of experience',
        'Contribution: Overall rating',
        'Average rating: Overall',
        'Ratings: Overall',
      ]),
    );
    // Bala: years 1 → 75; Asha: years 0, rating 4.5 (.875) → 21.88; Dev: 0; Chitra: 3 backlogs → excluded.
    expect(cell('Bala', 'Rank')).toBe('1');
    // The owner has not rated Bala: his score sums a rating term they may not see yet (issue #40), so it is empty.
    expect(cell('Bala', 'Score')).toBe('');
    expect(cell('Bala', 'Contribution: Years of experience')).toBe('75');
    expect(cell('Bala', 'Contribution: Overall rating')).toBe('');
    expect(cell('Asha', 'Rank')).toBe('2');
    expect(cell('Asha', 'Contribution: Overall rating')).toBe('21.88');
    expect(cell('Asha', 'Average rating: Overall')).toBe('4.5');
    expect(cell('Asha', 'Ratings: Overall')).toBe('2');
    expect(cell('Chitra', 'Rank')).toBe('');
    expect(cell('Asha', 'Stage')).toBe('Applied');
    // Oldest first, as before.
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['Asha', 'Bala', 'Chitra', 'Dev']);

    // Blind in the export too (issue #40): the coordinator rates Bala; the owner, who has not, gets nothing of it —
    // no average, no count, no contribution, no score — while the coordinator's own export shows them.
    await as('coordinator', `${base}/ratings`, {
      method: 'PUT',
      body: { openingId: opening.id, applicationId: idOf('Bala'), criterionId: overall, score: 5 },
    });
    const exportAs = async (who: 'owner' | 'coordinator') => {
      const res = await as(who, `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`);
      expect(res.status).toBe(200);
      const rows = (res.body as string)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const head = rows[0]?.split(',') ?? [];
      return (name: string, column: string) =>
        rows.find((line) => line.includes(`,${name},`))?.split(',')[head.indexOf(column)];
    };
    const owners = await exportAs('owner');
    expect(
      ['Average rating: Overall', 'Ratings: Overall', 'Contribution: Overall rating', 'Score'].map((c) =>
        owners('Bala', c),
      ),
    ).toEqual(['', '', '', '']);
    const coordinators = await exportAs('coordinator');
    expect(
      ['Average rating: Overall', 'Ratings: Overall', 'Contribution: Overall rating', 'Score'].map((c) =>
        coordinators('Bala', c),
      ),
    ).toEqual(['5', '1', '25', '100']);

    const xlsx = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${opening.id}&format=xlsx`,
      { headers: { authorization: (await server.tokenFor(Number(opening.organizationId))) as string } },
    );
    expect(xlsx.status).toBe(200);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('video task scores', () => {
  /** A task of the opening (rubric: clarity, depth) and submitted answers of the named applicants. */
  async function withTask(context: Awaited<ReturnType<typeof setup>>, answering: string[]) {
    const task = await seedVideoTask(server.db, { openingId: context.opening.id, title: 'Pitch your project' });
    const answers = new Map<string, string>();
    for (const name of answering) {
      const student = context.students[PEOPLE.findIndex((person) => person.name === name)];
      answers.set(name, await seedVideoAnswer(server.db, { taskId: task.id, candidateId: student?.id ?? 0 }));
    }
    const score = async (who: 'owner' | 'coordinator' | 'reviewer', name: string, clarity: number, depth: number) => {
      const res = await context.as(who, '/api/videoAnswer/scores', {
        method: 'PUT',
        body: {
          answerId: answers.get(name),
          scores: [
            { itemId: 'clarity', score: clarity },
            { itemId: 'depth', score: depth },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    return { task, answers, score };
  }

  it('ranks by the average score of each candidate’s answer, explained term by term; a new score re-ranks', async () => {
    const context = await setup(PEOPLE);
    const { ranking, saveRecipe, names, as, opening, students } = context;
    const { task, answers, score } = await withTask(context, ['Asha', 'Bala', 'Chitra']);
    await score('owner', 'Asha', 3, 4);
    await score('coordinator', 'Asha', 5, 4);
    await score('owner', 'Bala', 5, 5);
    await score('owner', 'Chitra', 1, 2);
    // Not counted: a score on an item no longer in the rubric, and an answer not submitted (Dev's, scored anyway).
    await server.db.insert(videoScores).values({
      answerId: answers.get('Chitra') ?? '',
      reviewerId: Number(opening.organizationId),
      itemId: 'gone',
      score: 5,
    });
    const draft = await seedVideoAnswer(server.db, { taskId: task.id, candidateId: students[3]?.id ?? 0 });
    await server.db.update(videoAnswers).set({ submittedAt: null }).where(eq(videoAnswers.id, draft));
    await server.db
      .insert(videoScores)
      .values({ answerId: draft, reviewerId: Number(opening.organizationId), itemId: 'clarity', score: 5 });

    const saved = await saveRecipe({
      criteria: [
        { kind: 'videoScore', taskId: task.id, weight: 3 },
        { kind: 'numberAnswer', fieldId: 'years', weight: 1 },
      ],
      knockouts: [],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const state: RecipeState = saved.body.result.data;
    expect(state.videoTasks).toEqual([{ id: task.id, title: 'Pitch your project', removed: false }]);

    // Video (avg − 1)/4, years between 2 and 6; score = (3·video + years)/4.
    // Bala 5 → 1, years 1 → 100. Asha 4 → .75, years 0 → 56.25. Chitra 1.5 → .125, years .5 → 21.88. Dev: none → 0.
    const page = await ranking();
    expect(names(page)).toEqual(['Bala', 'Asha', 'Chitra', 'Dev']);
    expect(page.items.map((i) => i.score)).toEqual([100, 56.25, 21.88, 0]);
    expect(page.items[1]?.explanation[0]).toEqual({
      index: 0,
      kind: 'videoScore',
      label: 'Pitch your project video score',
      raw: '4 of 5',
      normalised: 0.75,
      weight: 3,
      contribution: 56.25,
    });
    expect(page.items[1]?.why).toBe('Pitch your project video score 4 of 5 (+56.25)');
    expect(page.items[3]?.explanation[0]).toMatchObject({ raw: null, normalised: 0, contribution: 0 });
    // Blind (issue #40): a reviewer who has not scored Asha's answer sees neither its term nor the score summing it;
    // Dev sent no answer, so nothing is hidden there.
    const reviewer = await ranking('', 'reviewer');
    expect(reviewer.items[1]?.explanation[0]).toMatchObject({ raw: null, normalised: null, contribution: null });
    expect(reviewer.items.map((i) => i.score)).toEqual([null, null, null, 0]);
    expect(reviewer.items[1]?.explanation[1]).toMatchObject({ contribution: 0 });

    // Two more scores for Chitra: (1 + 2 + 5 + 5 + 5 + 4)/6 = 3.67 → .667; (3·.667 + .5)/4 = 62.5, above Asha.
    await score('coordinator', 'Chitra', 5, 5);
    await score('reviewer', 'Chitra', 5, 4);
    const rescored = await ranking();
    expect(names(rescored)).toEqual(['Bala', 'Chitra', 'Asha', 'Dev']);
    expect(rescored.items[1]).toMatchObject({ score: 62.5 });
    expect(rescored.items[1]?.explanation[0]).toMatchObject({ raw: '3.67 of 5', normalised: 0.667, contribution: 50 });

    const csv = await as('owner', `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const cell = (name: string, column: string) =>
      lines.find((line) => line.includes(`,${name},`))?.split(',')[header.indexOf(column)];
    expect(header).toContain('Contribution: Pitch your project video score');
    expect(cell('Chitra', 'Contribution: Pitch your project video score')).toBe('50');
    expect(cell('Chitra', 'Rank')).toBe('2');
  });

  it('takes only a video task of this opening (400 naming the field); a removed one only while the recipe has it', async () => {
    const context = await setup(PEOPLE.slice(0, 2));
    const { saveRecipe, other, as, opening } = context;
    const { task } = await withTask(context, ['Asha']);
    const elsewhere = await seedVideoTask(server.db, { openingId: other.id, title: 'Other opening’s task' });
    const stranger = await seedOrganization(server.db, { name: `Stranger ${Math.random()}` });
    const { opening: theirs } = await seedOpeningWithApplicants(server.db, {
      organizationId: stranger.id,
      opening: { title: `Theirs ${Math.random()}` },
    });
    const theirTask = await seedVideoTask(server.db, { openingId: theirs.id });
    const withVideo = (taskId: string): RecipeInput => ({
      criteria: [
        { kind: 'grade', weight: 1 },
        { kind: 'videoScore', taskId, weight: 2 },
      ],
      knockouts: [],
    });
    for (const taskId of [elsewhere.id, theirTask.id, crypto.randomUUID(), 'not-a-uuid']) {
      const refused = await saveRecipe(withVideo(taskId));
      expect(refused.status, taskId).toBe(400);
      expect(refused.body.exception.error.fields[0].field, taskId).toBe('recipe.criteria.1.taskId');
    }
    const refused = await saveRecipe(withVideo(elsewhere.id));
    expect(refused.body.exception.error.fields[0].message).toBe('Not a video task of this opening');

    expect((await saveRecipe(withVideo(task.id))).status).toBe(200);
    // Removed after the recipe took it: its kept answers still count, re-saving keeps working, the label says so.
    await server.db.update(videoTasks).set({ deletedAt: new Date() }).where(eq(videoTasks.id, task.id));
    const resaved = await saveRecipe(withVideo(task.id));
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect((resaved.body.result.data as RecipeState).videoTasks).toEqual([
      { id: task.id, title: 'Pitch your project', removed: true },
    ]);
    expect((await context.ranking()).items[0]?.explanation[1]?.label).toBe(
      'Pitch your project video score (task removed)',
    );
    // Out of the recipe, a removed task is neither offered nor taken back.
    const without = await saveRecipe({ criteria: [{ kind: 'grade', weight: 1 }], knockouts: [] });
    expect((without.body.result.data as RecipeState).videoTasks).toEqual([]);
    const back = await saveRecipe(withVideo(task.id));
    expect(back.status).toBe(400);
    expect(back.body.exception.error.fields[0]).toMatchObject({
      field: 'recipe.criteria.1.taskId',
      message: 'This video task was removed',
    });

    // Who may save a recipe weighing a video task, and who may read the ranking it makes.
    const live = await seedVideoTask(server.db, { openingId: opening.id, title: 'Second task' });
    const body = { openingId: opening.id, recipe: withVideo(live.id) };
    const expected = {
      signedOut: 401,
      stranger: 404,
      applicant: 404,
      elsewhere: 403,
      reviewer: 403,
      coordinator: 200,
      owner: 200,
    } as const;
    for (const [who, status] of Object.entries(expected)) {
      const put = await as(who as keyof typeof expected, `${base}/recipe`, { method: 'PUT', body });
      expect(put.status, `${who} saves`).toBe(status);
      const read = await as(who as keyof typeof expected, `${base}/candidate/ranking?openingId=${opening.id}`);
      expect(read.status, `${who} reads`).toBe(status === 403 && who === 'reviewer' ? 200 : status);
    }
  });
});
