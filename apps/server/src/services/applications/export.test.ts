import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { type FormDefinition, OTHER_OPTION_ID } from '@placely/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import {
  applicationNotes,
  applications,
  applicationTags,
  candidateRatings,
  candidateTags,
  openingFormVersions,
  openingRankings,
  openingStages,
  openings,
  rankingPins,
  rankingRecipes,
  ratingCriteria,
  recordVerifications,
  stageBulkMoves,
  stageMoves,
  videoAnswers,
  videoScores,
} from '../../db/schema';
import {
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
  seedVerificationGroup,
  seedVideoTask,
} from '../../seed/helpers';
import { useTestDatabase } from '../../test/database';
import { csvField, csvStream, type FileLink, planExport, xlsxStream } from './export';
import { xml } from './xlsx-writer';

/**
 * The export's exact bytes for cells that are easy to get wrong: quotes, commas and line breaks, text a spreadsheet
 * would run as a formula, non-Latin text, empty answers, multiple choices, repeatable rows, file links, answers to
 * a question only an older form version asked, answers of an unexpected shape, and the ranked columns. The expected
 * text was produced by the export before its per-cell work was compiled into row writers, so any change in output
 * shows here.
 */

const database = useTestDatabase();
let db: Executor;
beforeAll(() => {
  db = database.db;
});

const OLD_FORM: FormDefinition = {
  sections: [
    {
      id: 'one',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true },
        { id: 'old', type: 'shortText', label: 'Removed question', required: false },
      ],
    },
  ],
};

const FORM: FormDefinition = {
  sections: [
    {
      id: 'one',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true },
        { id: 'bio', type: 'paragraph', label: 'Bio', required: false },
        { id: 'why', type: 'paragraph', label: 'Why "this", role?', required: false },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true },
        { id: 'tel', type: 'phone', label: 'Phone', required: false },
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
            { id: 'fe', label: 'Front, "end"' },
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

/** Application ids of the n-th seeded opening (fixed, so the expected text can name them). */
const idsOf = (opening: number) => [1, 2, 3, 4].map((n) => `0000000${opening}-0000-4000-8000-00000000000${n}`);

const at = (seconds: number, ms = 0) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds, ms));
const fileLink: FileLink = Object.assign(
  (applicationId: string, fileId: string) =>
    `https://placely.test/organization/openings?application=${applicationId}&file=${fileId}`,
  {
    sql: (applicationId: SQL, fileId: SQL) =>
      sql`('https://placely.test/organization/openings?application=' || ${applicationId} || '&file=' || ${fileId})`,
  },
);

/** Answers stored as they are (not through the form's schema): older versions and odd shapes included. */
const APPLICANTS = [
  {
    name: 'Alice Rao',
    email: 'alice@example.test',
    formVersion: 2,
    revision: 1,
    answers: {
      name: 'Alice Rao',
      bio: 'Line one\nline "two", with comma',
      why: '@mention\r\nand a carriage return',
      cgpa: 8.5,
      tel: '+91 98765 43210',
      start: '2026-07-01',
      track: { optionId: OTHER_OPTION_ID, otherText: 'Data, "ML"' },
      langs: { optionIds: ['go', 'ts', OTHER_OPTION_ID], otherText: 'Rust' },
      city: { optionId: 'blr' },
      relocate: true,
      rate: 4,
      cv: { fileId: 'file-1', name: 'My CV, final.pdf', size: 2009, contentType: 'application/pdf' },
      jobs: [
        { company: 'Initech', months: 6 },
        { company: '=HYPERLINK("http://evil")', months: 0 },
      ],
    },
  },
  {
    name: 'Zoë Ñúñez 李雷',
    email: 'zoe@example.test',
    formVersion: 2,
    revision: 3,
    answers: {
      name: '-42',
      bio: '',
      why: 'emoji 🎉 & <xml> "quoted" \u0001 control',
      cgpa: 7.25,
      tel: '\tTabbed',
      track: { optionId: 'fe' },
      langs: { optionIds: [] },
      city: { optionId: 'gone' },
      relocate: false,
      rate: null,
      jobs: [],
    },
  },
  {
    name: 'Old Timer',
    email: 'old@example.test',
    formVersion: 1,
    revision: 1,
    answers: { name: 'Old Timer', old: 'kept, "answer"', track: 'legacy text' },
  },
  {
    name: 'Bob "B", Jr.',
    email: 'bob@example.test',
    formVersion: 2,
    revision: 2,
    answers: {
      name: '+Bob',
      cgpa: '9',
      langs: { optionIds: ['go'] },
      relocate: 'maybe',
      cv: { fileId: 'file-2' },
      jobs: [{ company: 'Plain', months: 1e21 }, { months: -0.5 }, { company: '' }],
    },
  },
];

async function seedOpening(number: number) {
  const ids = idsOf(number);
  const org = await seedOrganization(db, { name: 'Golden Org' });
  const { opening } = await seedOpeningWithApplicants(db, {
    organizationId: org.id,
    opening: { title: 'Golden opening', form: OLD_FORM },
  });
  await db.insert(openingFormVersions).values({ openingId: opening.id, version: 2, definition: FORM });
  await db.update(openings).set({ currentFormVersion: 2 }).where(eq(openings.id, opening.id));
  const people = [];
  for (const [i, person] of APPLICANTS.entries()) {
    const student = await seedStudent(db, { name: person.name, email: person.email });
    people.push(student);
    await db.insert(applications).values({
      id: ids[i],
      openingId: opening.id,
      applicantId: student.id,
      formVersion: person.formVersion,
      revision: person.revision,
      answers: person.answers as never,
      idempotencyKey: `golden-${number}-${i}-0123456789abcdef`,
      submittedAt: at(i + 1, 123),
      updatedAt: at(100 + i, 456),
    });
  }
  return { org, opening, people, ids };
}

async function exported(openingId: string, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const plan = await planExport(db, openingId, fileLink);
  const stream = format === 'csv' ? csvStream(db, openingId, plan) : xlsxStream(db, openingId, plan, 'Golden: [1]');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The files of a zip, by name, inflated (the writer's own layout: sizes in the central directory). */
function unzip(zip: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26);
    files.set(name, inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize)).toString());
    at += 46 + nameLength;
  }
  return files;
}

const goldenDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'export-golden');

/** Every file of the workbook, inflated, one after another under its name. */
const xlsxText = (zip: Buffer) =>
  [...unzip(zip).entries()].map(([name, text]) => `=== ${name} ===\n${text}\n`).join('');

/** The expected text of one golden file (GOLDEN_UPDATE=1 writes it instead: only to record a deliberate change). */
function golden(name: string, actual: string): string {
  const file = path.join(goldenDir, name);
  if (process.env.GOLDEN_UPDATE === '1') writeFileSync(file, actual);
  return readFileSync(file, 'utf8');
}

describe('export output', () => {
  it('writes the exact CSV and XLSX for tricky cells, in submission order without a recipe', async () => {
    const { opening } = await seedOpening(1);
    const csv = (await exported(opening.id, 'csv')).toString();
    expect(csv).toBe(golden('plain.csv', csv));
    const xlsx = xlsxText(await exported(opening.id, 'xlsx'));
    expect(xlsx).toBe(golden('plain.xlsx.txt', xlsx));
  });

  it('writes the same files when an applicant has a live verification decision (rows through a cursor, with badge reads)', async () => {
    const { org, opening, people } = await seedOpening(4);
    const applicant = people[1];
    if (!applicant) throw new Error('no applicant');
    const group = await seedVerificationGroup(db, { ownerId: org.id, members: [applicant.id] });
    // A rejection is a live decision without a badge: the badge columns stay empty, so the file is the plain one.
    await db.insert(recordVerifications).values({
      subjectUserId: applicant.id,
      recordKind: 'education',
      recordId: '00000000-0000-4000-8000-0000000000ee',
      verificationGroupId: group.id,
      verifierId: org.id,
      decision: 'rejected',
      snapshot: {},
    });
    const ids = (text: string) => text.replaceAll('00000004-', '00000001-');
    try {
      const csv = ids((await exported(opening.id, 'csv')).toString());
      expect(csv).toBe(readFileSync(path.join(goldenDir, 'plain.csv'), 'utf8'));
      const xlsx = ids(xlsxText(await exported(opening.id, 'xlsx')));
      expect(xlsx).toBe(readFileSync(path.join(goldenDir, 'plain.xlsx.txt'), 'utf8'));
    } finally {
      // The seeded applicants apply to every golden opening: a live decision left behind would send the other tests'
      // exports through the cursor too.
      await db.delete(recordVerifications).where(eq(recordVerifications.verificationGroupId, group.id));
    }
  });

  it('writes the ranked columns exactly: stage, history, notes, tags, rank, score, contributions, ratings, video', async () => {
    const { org, opening, people, ids } = await seedOpening(2);
    const [overall] = await db.select().from(ratingCriteria).where(eq(ratingCriteria.openingId, opening.id));
    const [depth] = await db
      .insert(ratingCriteria)
      .values({ openingId: opening.id, name: 'Depth, "tech"', position: 1 })
      .returning();
    if (!overall || !depth) throw new Error('no criteria');
    await db.insert(rankingRecipes).values({
      openingId: opening.id,
      recipe: {
        criteria: [
          { kind: 'numberAnswer', fieldId: 'cgpa', weight: 3, better: 'higher' },
          { kind: 'rating', criterionId: overall.id, weight: 1 },
        ],
        knockouts: [{ kind: 'numberAnswerAtLeast', fieldId: 'cgpa', min: 7.5 }],
      },
    });
    const raters = [org.id, people[3]?.id ?? 0];
    await db.insert(candidateRatings).values([
      { applicationId: ids[0] as string, criterionId: overall.id, raterId: raters[0] as number, score: 5 },
      { applicationId: ids[0] as string, criterionId: overall.id, raterId: raters[1] as number, score: 4 },
      { applicationId: ids[1] as string, criterionId: overall.id, raterId: raters[0] as number, score: 2 },
      { applicationId: ids[1] as string, criterionId: depth.id, raterId: raters[0] as number, score: 3 },
    ]);
    const stages = await db.select().from(openingStages).where(eq(openingStages.openingId, opening.id));
    const stage = (kind: string) => stages.find((s) => s.kind === kind);
    const [move] = await db
      .insert(stageBulkMoves)
      .values({ openingId: opening.id, actorId: org.id, moved: 2 })
      .returning();
    await db.insert(stageMoves).values([
      {
        applicationId: ids[0] as string,
        bulkMoveId: move?.id as string,
        fromStageId: stage('applied')?.id,
        toStageId: stage('shortlisted')?.id,
        fromStageName: 'Applied',
        toStageName: 'Shortlisted',
        at: at(200),
      },
      {
        applicationId: ids[0] as string,
        bulkMoveId: move?.id as string,
        fromStageName: 'Shortlisted',
        toStageName: 'Interview, "round 1"',
        at: at(86_400 * 3),
      },
    ]);
    await db
      .update(applications)
      .set({ stageId: stage('shortlisted')?.id })
      .where(and(eq(applications.id, ids[0] as string)));
    await db.insert(applicationNotes).values([
      { applicationId: ids[0] as string, openingId: opening.id, authorId: org.id, body: 'one' },
      { applicationId: ids[0] as string, openingId: opening.id, authorId: org.id, body: 'two' },
      { applicationId: ids[2] as string, openingId: opening.id, authorId: org.id, body: 'three' },
    ]);
    const tags = await db
      .insert(candidateTags)
      .values([
        { organizationId: org.id, name: 'referral' },
        { organizationId: org.id, name: 'Àlpha, "quoted"' },
      ])
      .returning();
    await db
      .insert(applicationTags)
      .values(tags.map((tag) => ({ applicationId: ids[1] as string, openingId: opening.id, tagId: tag.id })));
    await db.insert(rankingPins).values({
      applicationId: ids[3] as string,
      openingId: opening.id,
      direction: 'top',
      reason: 'Referred',
      pinnedBy: org.id,
    });
    const task = await seedVideoTask(db, { openingId: opening.id, title: 'Pitch, "60 s"' });
    const [answer] = await db
      .insert(videoAnswers)
      .values({ taskId: task.id, candidateId: people[0]?.id as number, takesUsed: 1, submittedAt: at(300) })
      .returning();
    await db.insert(videoScores).values([
      { answerId: answer?.id as string, reviewerId: org.id, itemId: 'clarity', score: 4 },
      { answerId: answer?.id as string, reviewerId: org.id, itemId: 'depth', score: 3 },
      { answerId: answer?.id as string, reviewerId: raters[1] as number, itemId: 'depth', score: 2 },
    ]);
    const csv = (await exported(opening.id, 'csv')).toString();
    expect(csv).toBe(golden('ranked.csv', csv));
    const xlsx = xlsxText(await exported(opening.id, 'xlsx'));
    expect(xlsx).toBe(golden('ranked.xlsx.txt', xlsx));
  });

  it('reads rank, score and contributions from the stored ranking, and recomputes them when an input changes after the plan', async () => {
    const { opening, ids } = await seedOpening(3);
    await db.insert(rankingRecipes).values({
      openingId: opening.id,
      recipe: { criteria: [{ kind: 'numberAnswer', fieldId: 'cgpa', weight: 1, better: 'higher' }], knockouts: [] },
    });
    const first = (await exported(opening.id, 'csv')).toString();
    // The plan made the stored ranking current and the rows read it: stored values changed behind its back show.
    await db
      .update(openingRankings)
      .set({ score: 42.42, normalised: [0.1234] })
      .where(eq(openingRankings.applicationId, ids[0] as string));
    const stored = (await exported(opening.id, 'csv')).toString();
    expect(stored).toContain(`${ids[0]},Alice Rao,alice@example.test,submitted,Applied,,0,,1,42.42,12.34,`);
    expect(stored.replace('1,42.42,12.34,', '1,100,100,')).toBe(first);

    // An input changes between the plan and the rows: the rows rank the data they read themselves (no stale rank,
    // score or contribution beside the new answer), as a plan made afterwards does from the rebuilt ranking.
    const plan = await planExport(db, opening.id, fileLink);
    await db
      .update(applications)
      .set({ answers: sql`${applications.answers} || '{"cgpa": 9.5}'::jsonb` })
      .where(eq(applications.id, ids[1] as string));
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(db, opening.id, plan)) chunks.push(Buffer.from(chunk));
    const raced = Buffer.concat(chunks).toString();
    expect(raced).not.toContain('42.42');
    // Zoë's new answer is the opening's highest: first, with all of the score.
    expect(raced).toContain(`${ids[1]},Zoë Ñúñez 李雷,zoe@example.test,submitted,Applied,,0,,1,100,100,`);
    expect(raced).toBe((await exported(opening.id, 'csv')).toString());
  });
});

describe('export stream', () => {
  it('ends its cursor and transaction when the reader stops after the first batch', async () => {
    const org = await seedOrganization(db, { name: 'Stopping Org' });
    const { opening } = await seedOpeningWithApplicants(db, {
      organizationId: org.id,
      opening: { title: 'Many applicants', form: OLD_FORM },
    });
    // Three batches' worth, so the cursor is still open when the reader goes away.
    await db.execute(sql`with people as (
        insert into users (email, name, account_type)
        select 'many-' || g || '@example.test', 'Person ' || g, 'Individual' from generate_series(1, 2500) g
        returning id)
      insert into applications (opening_id, applicant_id, form_version, answers, idempotency_key)
      select ${opening.id}::uuid, id, 1, '{"name": "x"}'::jsonb, 'many-' || id || '-0123456789abcdef' from people`);
    const plan = await planExport(db, opening.id, fileLink);
    const stream = csvStream(db, opening.id, plan);
    const closed = new Promise((resolve) => stream.once('close', resolve));
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.next();
    await reader.return?.();
    await closed;
    // The transaction has ended: PGlite (one connection) answers the next statement, PostgreSQL has no cursor left.
    const open = await db.execute(sql`select count(*)::int as n from pg_cursors where name = 'export_rows'`);
    expect((open as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect((await exported(opening.id, 'csv')).toString().split('\r\n')).toHaveLength(2502);
  });
});

/** The cell encoders' fast paths (one scan, no regular expression) against the regular expressions they replaced. */
describe('cell encoders', () => {
  // Text drawn mostly from the characters each encoder treats specially, so every branch is hit often.
  const tricky = fc.string({
    unit: fc.oneof(
      fc.constantFrom('"', ',', '\r', '\n', '\t', '=', '+', '-', '@', "'", '&', '<', '>', '\u0001', '\u000b', '\uFFFE'),
      fc.constantFrom('\uFFFF', 'é', '李', '🎉', ' ', 'a', 'Z', '0'),
      fc.string({ maxLength: 1 }),
    ),
    maxLength: 12,
  });

  it('csvField quotes and defuses exactly as the regular expressions did', () => {
    const before = (text: string) => {
      const defused = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
    };
    fc.assert(fc.property(tricky, (text) => csvField(text) === before(text)));
    expect([csvField(null), csvField(0), csvField(-0.5), csvField(1e21)]).toEqual(['', '0', '-0.5', '1e+21']);
  });

  it('xml drops and escapes exactly as the regular expressions did', () => {
    const before = (text: string) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold.
      text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"]/g, (char) => {
        return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[char] as string;
      });
    fc.assert(fc.property(tricky, (text) => xml(text) === before(text)));
  });
});
