import { type FormDefinition, type FormSummary, OTHER_OPTION_ID, type Pipeline } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, rankingRecipes } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const form: FormDefinition = {
  sections: [
    {
      id: 's1',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'mail', type: 'email', label: 'Email', required: false },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true },
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Track',
          required: true,
          allowOther: true,
          options: [
            { id: 'be', label: 'Backend' },
            { id: 'fe', label: 'Frontend' },
          ],
        },
        {
          id: 'langs',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          options: [
            { id: 'go', label: 'Go' },
            { id: 'ts', label: 'TypeScript' },
          ],
        },
        { id: 'relocate', type: 'yesNo', label: 'Relocate?', required: false },
        { id: 'rate', type: 'linearScale', label: 'Confidence', required: false, scaleMin: 1, scaleMax: 5 },
        { id: 'cv', type: 'fileUpload', label: 'CV', required: false, acceptedTypes: [], maxBytes: 1_000_000 },
      ],
    },
  ],
};

const file = (id: string) => ({ fileId: id, name: `${id}.pdf`, size: 10, contentType: 'application/pdf' });

/**
 * Five applicants, hand-counted below. Days: A, B on 1 Jan; C on 2 Jan; D, E on 5 Jan. A and C are shortlisted;
 * the recipe knocks out CGPA below 7 (B and E).
 */
const PEOPLE = [
  {
    who: 'A',
    day: 1,
    shortlisted: true,
    answers: {
      name: 'Alice',
      mail: 'a@example.com',
      cgpa: 8,
      track: { optionId: 'be' },
      langs: { optionIds: ['go', 'ts'] },
      relocate: true,
      rate: 5,
      cv: file('fa'),
    },
  },
  {
    who: 'B',
    day: 1,
    shortlisted: false,
    answers: {
      name: ' alice ',
      cgpa: 6,
      track: { optionId: 'fe' },
      langs: { optionIds: ['go'] },
      relocate: false,
      rate: 3,
    },
  },
  {
    who: 'C',
    day: 2,
    shortlisted: true,
    answers: {
      name: 'Bob',
      cgpa: 9.5,
      track: { optionId: OTHER_OPTION_ID, otherText: 'Data' },
      relocate: true,
      rate: 5,
      cv: file('fc'),
    },
  },
  {
    who: 'D',
    day: 5,
    shortlisted: false,
    answers: { name: 'bob', cgpa: 7, track: { optionId: 'be' }, relocate: true, rate: 1 },
  },
  { who: 'E', day: 5, shortlisted: false, answers: { name: 'Chitra', cgpa: 6.5, track: { optionId: 'be' } } },
];

async function setup() {
  const org = await seedOrganization(server.db, { name: `Summary ${Math.random()}` });
  const token = await server.tokenFor(org.id);
  const students: { id: number }[] = [];
  for (const person of PEOPLE) students.push(await seedStudent(server.db, { name: `Person ${person.who}` }));
  const { opening, applications: seeded } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Summary ${Math.random()}`, form },
    applicants: PEOPLE.map((person, i) => ({ userId: students[i]?.id as number, answers: person.answers })),
  });
  const pipeline: Pipeline = (
    await server.call(`/api/organization/shortlisting/stages?openingId=${opening.id}`, { token })
  ).body.result.data;
  const stageOf = (kind: string) => pipeline.stages.find((stage) => stage.kind === kind)?.id as string;
  for (const [i, application] of seeded.entries()) {
    const person = PEOPLE[i] as (typeof PEOPLE)[number];
    await server.db
      .update(applications)
      .set({
        submittedAt: new Date(Date.UTC(2026, 0, person.day, 10, i)),
        stageId: stageOf(person.shortlisted ? 'shortlisted' : 'applied'),
      })
      .where(eq(applications.id, application.id));
  }
  await server.db.insert(rankingRecipes).values({
    openingId: opening.id,
    recipe: {
      criteria: [{ kind: 'grade', weight: 1 }],
      knockouts: [{ kind: 'numberAnswerAtLeast', fieldId: 'cgpa', min: 7 }],
    },
  });
  const summary = async (query = '') => {
    const response = await server.call(`/api/organization/openings/id/applications/summary?id=${opening.id}${query}`, {
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result.data as FormSummary;
  };
  return { token, openingId: opening.id, summary, shortlisted: stageOf('shortlisted') };
}

const question = (summary: FormSummary, id: string) => {
  const found = summary.questions.find((q) => q.fieldId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const bars = (summary: FormSummary, id: string) =>
  Object.fromEntries((question(summary, id).bars ?? []).map((bar) => [bar.key, bar.count]));

describe('GET /api/organization/openings/id/applications/summary', () => {
  it('counts every response by hand-counted figures', async () => {
    const { summary } = await setup();
    const all = await summary();
    expect(all.total).toBe(5);
    expect(all.formVersion).toBe(1);
    expect(all.days).toEqual([
      { day: '2026-01-01', count: 2 },
      { day: '2026-01-02', count: 1 },
      { day: '2026-01-05', count: 2 },
    ]);
    expect(all.questions.map((q) => q.fieldId)).toEqual([
      'name',
      'mail',
      'cgpa',
      'track',
      'langs',
      'relocate',
      'rate',
      'cv',
    ]);

    expect(question(all, 'track').answered).toBe(5);
    expect(question(all, 'track').bars).toEqual([
      { key: 'be', label: 'Backend', count: 3 },
      { key: 'fe', label: 'Frontend', count: 1 },
      { key: OTHER_OPTION_ID, label: 'Other', count: 1 },
    ]);
    expect(question(all, 'langs').answered).toBe(2);
    expect(bars(all, 'langs')).toEqual({ go: 2, ts: 1 });
    expect(question(all, 'relocate').answered).toBe(4);
    expect(bars(all, 'relocate')).toEqual({ true: 3, false: 1 });

    const cgpa = question(all, 'cgpa');
    expect(cgpa.answered).toBe(5);
    expect(cgpa.mean).toBeCloseTo(7.4, 10);
    expect(cgpa.median).toBe(7);
    expect([cgpa.min, cgpa.max]).toEqual([6, 9.5]);
    // Ten bins of 0.35 from 6: 6 → 1st, 6.5 → 2nd, 7 → 3rd, 8 → 6th, 9.5 (the top) → 10th.
    expect(cgpa.histogram?.map((bin) => bin.count)).toEqual([1, 1, 1, 0, 0, 1, 0, 0, 0, 1]);
    expect(cgpa.histogram?.[0]?.from).toBe(6);
    expect(cgpa.histogram?.[9]?.to).toBe(9.5);

    const rate = question(all, 'rate');
    expect(rate.answered).toBe(4);
    expect(rate.mean).toBe(3.5);
    expect(rate.median).toBe(4);
    expect(rate.histogram).toEqual([
      { from: 1, to: 1, count: 1 },
      { from: 2, to: 2, count: 0 },
      { from: 3, to: 3, count: 1 },
      { from: 4, to: 4, count: 0 },
      { from: 5, to: 5, count: 2 },
    ]);

    // Trimmed and case-folded; the label is the first spelling in byte order.
    expect(question(all, 'name').topAnswers).toEqual([
      { text: 'Alice', count: 2 },
      { text: 'Bob', count: 2 },
      { text: 'Chitra', count: 1 },
    ]);
    expect(question(all, 'cv')).toMatchObject({ answered: 2, files: 2 });
    expect(question(all, 'mail')).toMatchObject({ answered: 1, bars: null, topAnswers: null, histogram: null });
  });

  it('takes the stage, the table’s filters and the knock-outs', async () => {
    const { summary, shortlisted } = await setup();
    const staged = await summary(`&stageId=${shortlisted}`);
    expect(staged.total).toBe(2);
    expect(bars(staged, 'track')).toEqual({ be: 1, fe: 0, [OTHER_OPTION_ID]: 1 });
    expect(question(staged, 'cgpa').mean).toBe(8.75);
    expect(staged.days).toEqual([
      { day: '2026-01-01', count: 1 },
      { day: '2026-01-02', count: 1 },
    ]);

    const passing = await summary('&knockouts=passing');
    expect(passing.total).toBe(3);
    expect(question(passing, 'cgpa').min).toBe(7);
    expect(bars(passing, 'relocate')).toEqual({ true: 3, false: 0 });
    const out = await summary('&knockouts=knockedOut');
    expect(out.total).toBe(2);
    expect(question(out, 'cgpa').max).toBe(6.5);

    const backend = await summary(`&answers=${encodeURIComponent('track=be')}`);
    expect(backend.total).toBe(3);
    expect(question(backend, 'name').topAnswers).toEqual([
      { text: 'Alice', count: 1 },
      { text: 'bob', count: 1 },
      { text: 'Chitra', count: 1 },
    ]);
    expect((await summary('&q=chitra')).total).toBe(1);
    const none = await summary(`&stageId=${shortlisted}&knockouts=knockedOut`);
    expect(none.total).toBe(0);
    expect(none.days).toEqual([]);
    expect(question(none, 'cgpa')).toMatchObject({ answered: 0, mean: null, histogram: [] });
  });

  it('refuses unknown and bad parameters with a 400 naming them', async () => {
    const { token, openingId } = await setup();
    const path = '/api/organization/openings/id/applications/summary';
    const unknown = await server.call(`${path}?id=${openingId}&order=newest`, { token });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('order');
    const bad = await server.call(`${path}?id=${openingId}&knockouts=some`, { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('knockouts');
  });
});
