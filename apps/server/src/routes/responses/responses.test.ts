import {
  type FormDefinition,
  OTHER_OPTION_ID,
  type Pipeline,
  RESPONSE_ORDERS,
  type ReceivedApplication,
  type ResponseOrder,
} from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  autoFillData,
  individualProfiles,
  openingRankings,
  profileViews,
  rankingRecipes,
  users,
} from '../../db/schema';
import { seedOpeningInput, seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** One question of every type, a repeatable group, and "Other" on the choices. */
const everyField: FormDefinition = {
  sections: [
    {
      id: 'one',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'bio', type: 'paragraph', label: 'Bio', required: false },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true },
        { id: 'mail', type: 'email', label: 'Email', required: true },
        { id: 'tel', type: 'phone', label: 'Phone', required: false },
        { id: 'site', type: 'url', label: 'Website', required: false },
        { id: 'start', type: 'date', label: 'Start date', required: false },
      ],
    },
    {
      id: 'two',
      title: 'Choices',
      fields: [
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
          allowOther: true,
          options: [
            { id: 'go', label: 'Go' },
            { id: 'ts', label: 'TypeScript' },
          ],
        },
        {
          id: 'city',
          type: 'dropdown',
          label: 'City',
          required: false,
          options: [
            { id: 'pune', label: 'Pune' },
            { id: 'blr', label: 'Bengaluru' },
          ],
        },
        { id: 'relocate', type: 'yesNo', label: 'Relocate?', required: false },
        { id: 'rate', type: 'linearScale', label: 'Confidence', required: false, scaleMin: 1, scaleMax: 5 },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'CV',
          required: false,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1024 * 1024,
        },
        {
          id: 'jobs',
          type: 'repeatableGroup',
          label: 'Experience',
          required: false,
          fields: [
            { id: 'company', type: 'shortText', label: 'Company', required: true },
            { id: 'months', type: 'number', label: 'Months', required: false },
          ],
        },
      ],
    },
  ],
};

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]);

async function uploadCv(token: string) {
  const response = await fetch(`${server.baseUrl}/api/files?purpose=application&name=My%20CV.pdf`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/octet-stream' },
    body: pdf(),
  });
  return ((await response.json()) as any).result.data.id as string;
}

async function setup() {
  const org = await seedOrganization(server.db, { name: 'Acme' });
  const token = await server.tokenFor(org.id);
  const created = await server.call('/api/organization/openings', {
    token,
    body: seedOpeningInput({ title: 'Platform intern', form: everyField }),
  });
  const openingId: string = created.body.result.data.id;
  const alice = await seedStudent(server.db, { name: 'Alice Rao' });
  const aliceToken = await server.tokenFor(alice.id);
  const cv = await uploadCv(aliceToken);
  const full = {
    name: 'Alice Rao',
    bio: 'Line one\nline "two", with comma',
    cgpa: 8.5,
    mail: 'alice@example.com',
    tel: '+91 98765 43210',
    site: 'https://alice.dev',
    start: '2026-07-01',
    track: { optionId: OTHER_OPTION_ID, otherText: 'Data' },
    langs: { optionIds: ['go', 'ts', OTHER_OPTION_ID], otherText: 'Rust' },
    city: { optionId: 'blr' },
    relocate: true,
    rate: 4,
    cv: { fileId: cv, name: 'x', size: 1, contentType: 'application/pdf' },
    jobs: [
      { company: 'Initech', months: 6 },
      { company: '=HYPERLINK("http://evil")', months: null },
    ],
  };
  const first = await server.call('/api/placements/campus/apply', {
    token: aliceToken,
    body: { openingId, idempotencyKey: `k-${crypto.randomUUID()}`, answers: full },
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const bob = await seedStudent(server.db, { name: 'Bob Das' });
  const bobToken = await server.tokenFor(bob.id);
  const minimal = { name: 'Bob Das', cgpa: 7, mail: 'bob@example.com', track: { optionId: 'be' } };
  const second = await server.call('/api/placements/campus/apply', {
    token: bobToken,
    body: { openingId, idempotencyKey: `k-${crypto.randomUUID()}`, answers: minimal },
  });
  expect(second.status).toBe(200);
  const edit = await server.call('/api/placements/campus/apply', {
    token: bobToken,
    method: 'PUT',
    body: { applicationId: second.body.result.data.id, answers: { ...minimal, cgpa: 7.2 } },
  });
  expect(edit.status).toBe(200);
  return {
    token,
    openingId,
    cv,
    alice: { user: alice, applicationId: first.body.result.data.id as string },
    bob: { user: bob, applicationId: second.body.result.data.id as string },
  };
}

/** Minimal RFC 4180 reader for the assertions. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  return rows;
}

describe('responses view', () => {
  it('401 signed out; another organization and a student get 404', async () => {
    const { openingId, alice } = await setup();
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    const studentToken = await server.tokenFor(alice.user.id);
    const paths = [
      `/api/organization/openings/id/applications?id=${openingId}`,
      `/api/organization/openings/id/applications/one?id=${openingId}&applicationId=${alice.applicationId}`,
      `/api/organization/openings/id/applications/export?id=${openingId}&format=csv`,
    ];
    for (const path of paths) {
      expect((await server.call(path)).status).toBe(401);
      expect((await server.call(path, { token: other })).status).toBe(404);
      expect((await server.call(path, { token: studentToken })).status).toBe(404);
    }
    const bad = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=pdf`, {
      token: other,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('format');
  });

  it('pages applications newest or oldest first, with the total and the forms they answered', async () => {
    const { token, openingId, alice, bob } = await setup();
    const newest = await server.call(`/api/organization/openings/id/applications?id=${openingId}&limit=1`, { token });
    expect(newest.status).toBe(200);
    const page = newest.body.result.data;
    expect(page.total).toBe(2);
    expect(page.items.map((a: { id: string }) => a.id)).toEqual([bob.applicationId]);
    expect(page.items[0]).toMatchObject({ applicant: { name: 'Bob Das' }, revision: 2, status: 'submitted' });
    expect(page.forms.map((f: { version: number }) => f.version)).toEqual([1]);
    const next = await server.call(
      `/api/organization/openings/id/applications?id=${openingId}&limit=1&cursor=${encodeURIComponent(page.nextCursor)}`,
      { token },
    );
    expect(next.body.result.data.items.map((a: { id: string }) => a.id)).toEqual([alice.applicationId]);
    expect(next.body.result.data.nextCursor).toBeNull();
    const oldest = await server.call(`/api/organization/openings/id/applications?id=${openingId}&order=oldest`, {
      token,
    });
    expect(oldest.body.result.data.items.map((a: { id: string }) => a.id)).toEqual([
      alice.applicationId,
      bob.applicationId,
    ]);
    // Every field of a row is the stored application's: Bob edited his, so his two times differ.
    const stored = await server.db.select().from(applications).where(eq(applications.openingId, openingId));
    for (const item of oldest.body.result.data.items as ReceivedApplication[]) {
      const row = stored.find((application) => application.id === item.id);
      expect(item).toMatchObject({
        applicant: { id: row?.applicantId },
        formVersion: row?.formVersion,
        answers: row?.answers,
        status: row?.status,
        stageId: row?.stageId,
        revision: row?.revision,
        submittedAt: row?.submittedAt.toISOString(),
        updatedAt: row?.updatedAt.toISOString(),
      });
    }
    const bobs = oldest.body.result.data.items[1] as ReceivedApplication;
    expect(bobs.updatedAt > bobs.submittedAt).toBe(true);
  });

  it('opens one application with every revision', async () => {
    const { token, openingId, bob } = await setup();
    const detail = await server.call(
      `/api/organization/openings/id/applications/one?id=${openingId}&applicationId=${bob.applicationId}`,
      { token },
    );
    expect(detail.status).toBe(200);
    expect(
      detail.body.result.data.revisions.map((r: { revision: number; answers: { cgpa: number } }) => [
        r.revision,
        r.answers.cgpa,
      ]),
    ).toEqual([
      [1, 7],
      [2, 7.2],
    ]);
    expect(detail.body.result.data.forms[0].definition.sections).toHaveLength(2);
  });

  it("lets the organization open an applicant's file, and nobody else", async () => {
    const { token, cv } = await setup();
    expect((await server.call(`/api/files/${cv}/link`, { token })).status).toBe(200);
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    expect((await server.call(`/api/files/${cv}/link`, { token: other })).status).toBe(403);
  });

  it("records an organization opening a candidate's resume as a resume view", async () => {
    const { token, openingId } = await setup();
    const student = await seedStudent(server.db, { name: 'Resume Person' });
    const studentToken = await server.tokenFor(student.id);
    const upload = await fetch(`${server.baseUrl}/api/files?purpose=resume&name=CV.pdf`, {
      method: 'POST',
      headers: { authorization: studentToken, 'content-type': 'application/octet-stream' },
      body: pdf(),
    });
    const fileId = ((await upload.json()) as any).result.data.id;
    const applied = await server.call('/api/placements/campus/apply', {
      token: studentToken,
      body: {
        openingId,
        idempotencyKey: `k-${crypto.randomUUID()}`,
        answers: {
          name: 'Resume Person',
          cgpa: 8,
          mail: 'r@example.com',
          track: { optionId: 'be' },
          cv: { fileId, name: 'CV.pdf', size: 2009, contentType: 'application/pdf' },
        },
      },
    });
    expect(applied.status).toBe(200);
    await server.call(`/api/files/${fileId}/link`, { token });
    await server.call(`/api/files/${fileId}/link`, { token });
    const views = await server.db.select().from(profileViews).where(eq(profileViews.ownerId, student.id));
    expect(views.map((v) => v.subject)).toEqual(['resume']);
  });

  it('exports every answer as CSV: labels, Other texts, multiple choices, repeatable rows, file links', async () => {
    const { token, openingId, alice, cv } = await setup();
    const response = await server.call(`/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
      token,
    });
    expect(response.status).toBe(200);
    expect(response.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.response.headers.get('x-total-rows')).toBe('2');
    expect(response.response.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''Platform/);
    // Decoding drops the byte-order mark, so look at the raw bytes for it.
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
          headers: { authorization: token },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, aliceRow, bobRow] = parseCsv(response.body as string);
    const of = (row: string[] | undefined, column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(header).toEqual(
      expect.arrayContaining([
        'Full name',
        'Track',
        'Track (Other)',
        'Languages',
        'Languages (Other)',
        'CV',
        'CV (link)',
        'Experience #1: Company',
        'Experience #2: Months',
      ]),
    );
    expect(of(aliceRow, 'Application ID')).toBe(alice.applicationId);
    expect(of(aliceRow, 'Bio')).toBe('Line one\nline "two", with comma');
    expect(of(aliceRow, 'CGPA')).toBe('8.5');
    expect(of(aliceRow, 'Start date')).toBe('2026-07-01');
    expect(of(aliceRow, 'Phone')).toBe("'+91 98765 43210");
    expect(of(aliceRow, 'Track')).toBe('Other');
    expect(of(aliceRow, 'Track (Other)')).toBe('Data');
    expect(of(aliceRow, 'Languages')).toBe('Go; TypeScript; Other');
    expect(of(aliceRow, 'Languages (Other)')).toBe('Rust');
    expect(of(aliceRow, 'City')).toBe('Bengaluru');
    expect(of(aliceRow, 'Relocate?')).toBe('Yes');
    expect(of(aliceRow, 'Confidence')).toBe('4');
    expect(of(aliceRow, 'CV')).toBe('My CV.pdf');
    expect(of(aliceRow, 'CV (link)')).toBe(
      `${server.baseUrl}/organization/openings?opening=${openingId}&application=${alice.applicationId}&file=${cv}`,
    );
    expect(of(aliceRow, 'Experience #1: Company')).toBe('Initech');
    expect(of(aliceRow, 'Experience #1: Months')).toBe('6');
    // Formula-looking text is defused.
    expect(of(aliceRow, 'Experience #2: Company')).toBe('\'=HYPERLINK("http://evil")');
    expect(of(bobRow, 'Edits')).toBe('1');
    expect(of(bobRow, 'CGPA')).toBe('7.2');
    expect(of(bobRow, 'Experience #1: Company')).toBe('');
  });

  it('exports the same as XLSX, with file links as hyperlinks', async () => {
    const { token, openingId } = await setup();
    const response = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${openingId}&format=xlsx`,
      { headers: { authorization: token } },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    const alice = sheet.getRow(2);
    expect(alice.getCell(column('Languages')).value).toBe('Go; TypeScript; Other');
    expect(alice.getCell(column('CGPA')).value).toBe(8.5);
    expect(alice.getCell(column('Experience #2: Company')).value).toBe('=HYPERLINK("http://evil")');
    expect(alice.getCell(column('CV (link)')).hyperlink).toMatch(/\/organization\/openings\?opening=/);
    expect(sheet.rowCount).toBe(3);
  });
});

/**
 * Sorting the responses (routes/responses/orders.ts): 60 applications with ties in every key, facts missing, grades on
 * every scale and stages, paged in every order at three page sizes, unfiltered and filtered.
 */
const SORT_FORM: FormDefinition = {
  sections: [{ id: 'one', title: 'One', fields: [{ id: 'years', type: 'number', label: 'Years', required: true }] }],
};
const NAMES = ['Asha Rao', 'asha rao', 'Bala Iyer', 'Chitra Nair', 'Dev Rao', 'Zoya Khan', 'Mira Das', 'Dev Rao'];
const SCALES = ['CGPA_10', 'PERCENTAGE', 'CGPA_4', null] as const;
const SHARES = [0.6, 0.75, 0.85, 0.9];
/** The same shares on each scale (without a scale, a grade up to 10 is a CGPA of 10). */
const GRADES = { CGPA_10: [6, 7.5, 8.5, 9], PERCENTAGE: [60, 75, 85, 90], CGPA_4: [2.4, 3, 3.4, 3.6] };

/** The i-th applicant's facts: grades on each scale (equal shares across scales), some missing; years likewise. */
function factsFor(i: number) {
  const share = SHARES[i % 4] as number;
  const scale = SCALES[Math.floor(i / 4) % 4] ?? null;
  const grade = i % 5 === 0 ? undefined : (GRADES[scale ?? 'CGPA_10'][i % 4] as number);
  const year = i % 7 === 0 ? undefined : 2024 + (i % 3);
  const data: Record<string, unknown> = {};
  if (grade !== undefined) data.grade = i % 9 === 0 ? String(grade) : grade;
  if (grade !== undefined && scale) data.gradeScale = scale;
  if (year !== undefined) data.graduationYear = i % 6 === 0 ? String(year) : year;
  return { data, share: grade === undefined ? null : share, year: year ?? null };
}

async function seedSortable(count = 60) {
  const org = await seedOrganization(server.db, { name: `Sorter ${Math.random()}` });
  const token = await server.tokenFor(org.id);
  const people: ({ i: number; userId: number } & ReturnType<typeof factsFor>)[] = [];
  for (let i = 0; i < count; i++) {
    const student = await seedStudent(server.db, { name: NAMES[i % NAMES.length] as string });
    const facts = factsFor(i);
    if (Object.keys(facts.data).length > 0)
      await server.db.insert(autoFillData).values({ userId: student.id, data: facts.data });
    people.push({ i, userId: student.id, ...facts });
  }
  const { opening, applications: seeded } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Sorting ${Math.random()}`, form: SORT_FORM },
    applicants: people.map((person) => ({ userId: person.userId, answers: { years: person.i } })),
  });
  const pipeline: Pipeline = (
    await server.call(`/api/organization/shortlisting/stages?openingId=${opening.id}`, { token })
  ).body.result.data;
  const stageOf = (kind: string) => pipeline.stages.find((stage) => stage.kind === kind)?.id as string;
  const rows = seeded.map((application, index) => {
    const person = people[index] as (typeof people)[number];
    const stageId =
      person.i % 4 === 1 ? stageOf('shortlisted') : person.i % 4 === 2 ? stageOf('rejected') : stageOf('applied');
    // Two applications per second: submission times tie in pairs.
    const submittedAt = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(person.i / 2)));
    return { id: application.id, ...person, stageId, submittedAt };
  });
  for (const row of rows) {
    await server.db
      .update(applications)
      .set({ submittedAt: row.submittedAt, stageId: row.stageId })
      .where(eq(applications.id, row.id));
  }
  await server.db.insert(rankingRecipes).values({
    openingId: opening.id,
    recipe: { criteria: [{ kind: 'grade', weight: 1 }], knockouts: [] },
  });
  const positionOf = new Map(pipeline.stages.map((stage) => [stage.id, stage.position]));
  return { org, token, openingId: opening.id, rows, positionOf, stageOf };
}

type Key = string | number | null;
/** Keys ascending with missing ones last, then ids; `descending` reverses keys and ids but keeps missing last. */
function expectedOrder(rows: { id: string; key: Key }[], descending: boolean) {
  const cmp = (a: Key, b: Key) => (a === b ? 0 : (a as string | number) < (b as string | number) ? -1 : 1);
  return [...rows]
    .sort((a, b) => {
      if (a.key === null || b.key === null) {
        if (a.key !== b.key) return a.key === null ? 1 : -1;
      } else if (a.key !== b.key) return descending ? cmp(b.key, a.key) : cmp(a.key, b.key);
      return descending ? cmp(b.id, a.id) : cmp(a.id, b.id);
    })
    .map((row) => row.id);
}

describe('sorting the responses', () => {
  it('pages every order at three page sizes without duplicates or gaps, unfiltered and filtered', async () => {
    const { token, openingId, rows, positionOf, stageOf } = await seedSortable();
    const list = async (order: ResponseOrder, limit: number, query = '') => {
      const ids: string[] = [];
      const totals = new Set<number>();
      let cursor: string | null = null;
      let items: ReceivedApplication[] = [];
      do {
        const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await server.call(
          `/api/organization/openings/id/applications?id=${openingId}&order=${order}&limit=${limit}${query}${after}`,
          { token },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const page = res.body.result.data;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        expect(page.scored).toBe(true);
        ids.push(...page.items.map((item: ReceivedApplication) => item.id));
        items = items.concat(page.items);
        totals.add(page.total);
        cursor = page.nextCursor;
        expect(ids.length).toBeLessThanOrEqual(rows.length);
      } while (cursor);
      return { ids, totals: [...totals], items };
    };
    // The score orders build the ranking first; its stored scores are the reference.
    await list('scoreDesc', 100);
    const scores = new Map(
      (await server.db.select().from(openingRankings).where(eq(openingRankings.openingId, openingId))).map((r) => [
        r.applicationId,
        r.score,
      ]),
    );
    const { items } = await list('newest', 100);
    const nameOf = new Map(items.map((item) => [item.id, item.applicant.name?.trim().toLowerCase() ?? null]));
    const keyOf: Record<ResponseOrder, (row: (typeof rows)[number]) => Key> = {
      newest: (row) => row.submittedAt.getTime(),
      oldest: (row) => row.submittedAt.getTime(),
      nameAsc: (row) => nameOf.get(row.id) ?? null,
      nameDesc: (row) => nameOf.get(row.id) ?? null,
      gradeAsc: (row) => row.share,
      gradeDesc: (row) => row.share,
      graduationYearAsc: (row) => row.year,
      graduationYearDesc: (row) => row.year,
      stageAsc: (row) => row.submittedAt.getTime(),
      stageDesc: (row) => row.submittedAt.getTime(),
      scoreAsc: (row) => scores.get(row.id) ?? null,
      scoreDesc: (row) => scores.get(row.id) ?? null,
    };
    const descending = (order: ResponseOrder) => order === 'newest' || /Desc$/.test(order);
    const expected = (order: ResponseOrder, subset: typeof rows) => {
      const keyed = (part: typeof rows) => part.map((row) => ({ id: row.id, key: keyOf[order](row) }));
      if (!order.startsWith('stage')) return expectedOrder(keyed(subset), descending(order));
      // Stages in pipeline order (or its reverse); newest first within a stage (oldest first in the reverse).
      const stages = [...new Set(subset.map((row) => row.stageId))].sort(
        (a, b) => ((positionOf.get(a) ?? 0) - (positionOf.get(b) ?? 0)) * (order === 'stageDesc' ? -1 : 1),
      );
      return stages.flatMap((stage) =>
        expectedOrder(keyed(subset.filter((row) => row.stageId === stage)), order === 'stageAsc'),
      );
    };
    // Facts the keys read: the grade share is the same on every scale, and some are missing.
    expect(new Set(rows.map((row) => row.share))).toEqual(new Set([null, 0.6, 0.75, 0.85, 0.9]));
    expect(rows.some((row) => row.year === null)).toBe(true);
    expect(new Set(scores.values()).size).toBeGreaterThan(2);

    const rao = rows.filter((row) => (nameOf.get(row.id) ?? '').includes('rao'));
    const shortlisted = rows.filter((row) => row.stageId === stageOf('shortlisted'));
    const both = shortlisted.filter((row) => rao.includes(row));
    expect(both.length).toBeGreaterThan(2);
    for (const order of RESPONSE_ORDERS) {
      for (const limit of [4, 11, 100]) {
        const paged = await list(order, limit);
        expect(paged.ids, `${order} by ${limit}`).toEqual(expected(order, rows));
        expect(paged.totals).toEqual([rows.length]);
      }
      // A filter beyond the stage (dynamic SQL), the stage alone (prepared), and both; the totals are the filter's.
      const filters: [string, typeof rows][] = [
        ['&q=rao', rao],
        [`&stageId=${stageOf('shortlisted')}`, shortlisted],
        [`&q=RAO&stageId=${stageOf('shortlisted')}`, both],
      ];
      for (const [query, subset] of filters) {
        const paged = await list(order, 3, query);
        expect(paged.ids, `${order} ${query}`).toEqual(expected(order, subset));
        expect(paged.totals).toEqual([subset.length]);
      }
    }
  });

  it('keeps the sort keys in step with names and profile facts', async () => {
    const { token, openingId, rows } = await seedSortable(6);
    const first = async (order: ResponseOrder) => {
      const res = await server.call(
        `/api/organization/openings/id/applications?id=${openingId}&order=${order}&limit=1`,
        { token },
      );
      expect(res.status).toBe(200);
      return res.body.result.data.items[0] as ReceivedApplication;
    };
    const [one, two] = rows as [(typeof rows)[number], (typeof rows)[number]];
    await server.db
      .update(individualProfiles)
      .set({ name: 'Aaron Able' })
      .where(eq(individualProfiles.userId, one.userId));
    expect((await first('nameAsc')).id).toBe(one.id);
    // Without a profile the account's name counts.
    await server.db.delete(individualProfiles).where(eq(individualProfiles.userId, two.userId));
    await server.db.update(users).set({ name: '  aaa first' }).where(eq(users.id, two.userId));
    expect((await first('nameAsc')).id).toBe(two.id);
    // rows[0] has no facts yet (an insert), rows[1] has some (an update of the row).
    await server.db
      .insert(autoFillData)
      .values({ userId: one.userId, data: { grade: 99, gradeScale: 'PERCENTAGE' } })
      .onConflictDoNothing();
    expect(await first('gradeDesc')).toMatchObject({ id: one.id, grade: 99, gradeScale: 'PERCENTAGE' });
    await server.db
      .update(autoFillData)
      .set({ data: sql`${autoFillData.data} || '{"grade": 100, "gradeScale": "PERCENTAGE"}'::jsonb` })
      .where(eq(autoFillData.userId, two.userId));
    expect(await first('gradeDesc')).toMatchObject({ id: two.id, grade: 100 });
    await server.db
      .insert(autoFillData)
      .values({ userId: rows[5]?.userId as number, data: { graduationYear: 2001 } })
      .onConflictDoUpdate({ target: autoFillData.userId, set: { data: { graduationYear: 2001 } } });
    expect(await first('graduationYearAsc')).toMatchObject({ id: rows[5]?.id, graduationYear: 2001 });
    // An account name from the identity provider has no length limit; the key keeps 120 characters, so the cursor
    // after it stays within the query's limit.
    await server.db.delete(individualProfiles).where(eq(individualProfiles.userId, rows[3]?.userId as number));
    await server.db
      .update(users)
      .set({ name: `"${'Ω'.repeat(400)}` })
      .where(eq(users.id, rows[3]?.userId as number));
    const last = await server.call(`/api/organization/openings/id/applications?id=${openingId}&order=nameAsc&limit=1`, {
      token,
    });
    expect(last.body.result.data.items[0].id).toBe(rows[3]?.id);
    const next = await server.call(
      `/api/organization/openings/id/applications?id=${openingId}&order=nameAsc&limit=1&cursor=${encodeURIComponent(last.body.result.data.nextCursor)}`,
      { token },
    );
    expect(next.status).toBe(200);
  });

  it('refuses an unknown order and any cursor it did not issue for this opening and order', async () => {
    const { token, openingId } = await seedSortable(4);
    const other = await seedSortable(2);
    const path = (query: string) => `/api/organization/openings/id/applications?id=${openingId}&${query}`;
    const badOrder = await server.call(path('order=salary'), { token });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.exception.error.fields[0].field).toBe('order');
    const page = await server.call(path('order=nameAsc&limit=1'), { token });
    const cursor: string = page.body.result.data.nextCursor;
    expect(
      (await server.call(path(`order=nameAsc&limit=1&cursor=${encodeURIComponent(cursor)}`), { token })).status,
    ).toBe(200);
    const [body = '', tag = ''] = cursor.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, k: 'a' })).toString('base64url')}.${tag}`;
    const refused = [
      ['order=gradeDesc', cursor, 'This cursor belongs to another order: start again from the first page'],
      ['order=nameAsc', forged, 'Not a valid cursor'],
      ['order=nameAsc', 'not-a-cursor', 'Not a valid cursor'],
      ['order=newest', '2026-01-01T00:00:00.000Z|00000000-0000-0000-0000-000000000000', 'Not a valid cursor'],
    ] as const;
    for (const [order, given, message] of refused) {
      const res = await server.call(path(`${order}&cursor=${encodeURIComponent(given)}`), { token });
      expect(res.status, given).toBe(400);
      expect(res.body.exception.error.fields).toEqual([{ field: 'cursor', message }]);
    }
    // Another opening's cursor, even of the same organization's kind and order.
    const elsewhere = await server.call(
      `/api/organization/openings/id/applications?id=${other.openingId}&order=nameAsc&limit=1`,
      { token: other.token },
    );
    const foreign = await server.call(
      path(`order=nameAsc&cursor=${encodeURIComponent(elsewhere.body.result.data.nextCursor)}`),
      { token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.exception.error.fields[0].field).toBe('cursor');
  });

  it('sorting changes no authorization: signed out 401, another organization and a student 404', async () => {
    const { openingId, rows } = await seedSortable(2);
    const other = await server.tokenFor((await seedOrganization(server.db)).id);
    const student = await server.tokenFor(rows[0]?.userId as number);
    for (const order of ['nameAsc', 'scoreDesc', 'stageAsc'] as const) {
      const path = `/api/organization/openings/id/applications?id=${openingId}&order=${order}`;
      expect((await server.call(path)).status).toBe(401);
      expect((await server.call(path, { token: other })).status).toBe(404);
      expect((await server.call(path, { token: student })).status).toBe(404);
    }
  });
});
