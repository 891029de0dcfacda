import { Readable } from 'node:stream';
import {
  type Answers,
  type AnswerValue,
  type ExportFormat,
  type FormDefinition,
  type FormField,
  fieldsOf,
  type LeafField,
  OTHER_OPTION_ID,
  type VerifiedAnswers,
  type VerifiedRecord,
} from '@placely/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { applications, openingFormVersions, rankingPins, shortlistEntries } from '../../db/schema';
import {
  criteriaOf,
  rankableFields,
  rankingSqlFor,
  labelOf as recipeLabelOf,
  videoTasksOf,
} from '../shortlisting/ranking';
import { explanationColumns, explanationJoin } from '../shortlisting/ranking-sql';
import { type ApplicantVerification, loadApplicantVerifications, verifiedAnswersFor } from './verified';
import { xlsxStream as writeXlsx, type XlsxCell } from './xlsx-writer';

/** Rows fetched per query while streaming: bounded memory whatever the number of applications. */
const BATCH = 1000;

type Cell = string | number | { text: string; link: string } | null;

interface ExportRow {
  id: string;
  applicantId: number;
  name: string | null;
  email: string;
  status: string;
  stage: string | null;
  /** "Applied → Shortlisted (2026-11-24); …", oldest move first. */
  stageHistory: string | null;
  notesCount: number;
  tags: string | null;
  /** Opening-wide rank (null: a knock-out excluded the candidate) and 0–100 score from the ranking recipe. */
  rank: number | null;
  score: number;
  /** Points each recipe criterion gave, in recipe order. */
  contributions: number[];
  /** Per rating criterion of the opening, in its order: average and count (average null when none). */
  ratings: { average: number | null; count: number }[];
  submittedAt: Date;
  updatedAt: Date;
  revision: number;
  formVersion: number;
  answers: Answers;
  /** The applicant has a live verification decision (their badges are looked up). */
  hasVerifications?: boolean;
  /** Its place in the shortlist being exported (shortlist exports only). */
  position?: number;
  /** Per video task of the opening: the mean of every reviewer's scores on this applicant's submitted answer. */
  videoAverages: Record<string, number | string | null> | null;
  /** Filled per batch: what the organization may trust in this application. */
  verifiedRecords?: VerifiedRecord[];
  verifiedAnswers?: VerifiedAnswers;
}

interface Column {
  header: string;
  cell: (row: ExportRow) => Cell;
}

export interface ExportPlan {
  columns: Column[];
  total: number;
  definitions: Map<number, FormDefinition>;
  /**
   * The opening ranked by its recipe (the ranking CTEs), its recipe weights and rating criteria, for the rows.
   * `ordered` is false when nothing reorders the opening (no recipe, no pins, not a shortlist): the rank is then the
   * submission order and the rows stream straight off the (opening, submitted) index without the ranking statement.
   */
  ranking: { ordered: boolean; ctes: SQL; explanation: SQL; weights: number[]; criterionIds: string[] };
  /** Export only this shortlist's candidates, in its order (else every application of the opening). */
  shortlistId?: string;
}

/**
 * Every question any version of the form asked, newest version's order first, then questions only older versions
 * had (so answers to removed questions are still exported). A question keeps the definition of its newest version.
 */
function allQuestions(versions: { version: number; definition: FormDefinition }[]): FormField[] {
  const seen = new Map<string, FormField>();
  for (const { definition } of [...versions].sort((a, b) => b.version - a.version)) {
    for (const field of fieldsOf(definition)) if (!seen.has(field.id)) seen.set(field.id, field);
  }
  return [...seen.values()];
}

/** A property of an object answer, whatever the answer's shape (answers of older form versions may differ). */
function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function optionLabel(field: LeafField, optionId: string): string {
  if (optionId === OTHER_OPTION_ID) return 'Other';
  const options = 'options' in field ? field.options : [];
  return options.find((o) => o.id === optionId)?.label ?? optionId;
}

/** The columns one leaf question adds: its answer, plus "Other" text and file link columns where they apply. */
function leafColumns(
  field: LeafField,
  header: string,
  read: (row: ExportRow) => AnswerValue | undefined,
  fileLink: (row: ExportRow, fileId: string) => string,
): Column[] {
  const columns: Column[] = [{ header, cell: (row) => leafCell(field, read(row)) }];
  const hasOther = (field.type === 'singleChoice' || field.type === 'multipleChoice') && field.allowOther;
  if (hasOther) {
    columns.push({
      header: `${header} (Other)`,
      cell: (row) => {
        const otherText = prop(read(row), 'otherText');
        return typeof otherText === 'string' ? otherText : null;
      },
    });
  }
  if (field.type === 'fileUpload') {
    columns.push({
      header: `${header} (link)`,
      cell: (row) => {
        const fileId = prop(read(row), 'fileId');
        if (typeof fileId !== 'string') return null;
        const link = fileLink(row, fileId);
        return { text: link, link };
      },
    });
  }
  return columns;
}

/** One answer as the spreadsheet (and the "received" mail) shows it. */
export function leafCell(field: LeafField, value: AnswerValue | undefined): Cell {
  if (value === undefined || value === null || value === '') return null;
  switch (field.type) {
    case 'yesNo':
      return value === true ? 'Yes' : value === false ? 'No' : null;
    case 'number':
    case 'linearScale':
      return typeof value === 'number' ? value : null;
    case 'singleChoice':
    case 'dropdown': {
      const optionId = prop(value, 'optionId');
      return typeof optionId === 'string' ? optionLabel(field, optionId) : null;
    }
    case 'multipleChoice': {
      const optionIds = prop(value, 'optionIds');
      return Array.isArray(optionIds) ? optionIds.map((id) => optionLabel(field, String(id))).join('; ') : null;
    }
    case 'fileUpload': {
      const name = prop(value, 'name');
      return typeof name === 'string' ? name : null;
    }
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/**
 * Plans the export of an opening's applications — or of one of its shortlists, in the shortlist's order with its
 * position first: every column, and how many rows there will be.
 */
export async function planExport(
  db: Executor,
  openingId: string,
  fileLink: (applicationId: string, fileId: string) => string,
  shortlistId?: string,
): Promise<ExportPlan> {
  const versions = await db
    .select({ version: openingFormVersions.version, definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(eq(openingFormVersions.openingId, openingId));
  const questions = allQuestions(versions);
  const labelOf = new Map(questions.map((question) => [question.id, question.label]));
  const groups = questions.filter((q) => q.type === 'repeatableGroup');
  // Each repeatable group gets as many column blocks as the longest answer has rows.
  const rowCounts = new Map<string, number>();
  const [stats] = await db
    .select({
      total: sql<number>`count(*)`,
      ...Object.fromEntries(
        groups.map((group, index) => [
          `g${index}`,
          sql<number>`coalesce(max(case when jsonb_typeof(${applications.answers} -> ${group.id}) = 'array' then jsonb_array_length(${applications.answers} -> ${group.id}) end), 0)`,
        ]),
      ),
    })
    .from(applications)
    .where(and(eq(applications.openingId, openingId), shortlistId ? inShortlist(shortlistId) : undefined));
  groups.forEach((group, index) => {
    rowCounts.set(group.id, Number((stats as Record<string, unknown> | undefined)?.[`g${index}`] ?? 0));
  });

  const opening = await db.query.openings.findFirst({ where: (o, { eq: is }) => is(o.id, openingId) });
  const [{ recipe, ctes }, criteria, fields, tasks, [pinned]] = await readTogether(db, [
    () => rankingSqlFor(db, openingId),
    () => criteriaOf(db, openingId),
    () => (opening ? rankableFields(db, opening) : Promise.resolve([])),
    // Deleted ones too: their submitted answers are kept, and a recipe may still weigh them.
    () => videoTasksOf(db, openingId),
    () =>
      db
        .select({ id: rankingPins.applicationId })
        .from(rankingPins)
        .where(eq(rankingPins.openingId, openingId))
        .limit(1),
  ]);
  const recipeCriteria = recipe?.criteria ?? [];
  const link = (row: ExportRow, fileId: string) => fileLink(row.id, fileId);
  const iso = (date: Date) => date.toISOString();
  const columns: Column[] = [
    ...(shortlistId ? [{ header: 'Shortlist position', cell: (row: ExportRow) => (row.position ?? 0) + 1 }] : []),
    { header: 'Application ID', cell: (row) => row.id },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => row.status },
    { header: 'Stage', cell: (row) => row.stage },
    { header: 'Stage history', cell: (row) => row.stageHistory },
    { header: 'Notes', cell: (row) => row.notesCount },
    { header: 'Tags', cell: (row) => row.tags },
    { header: 'Rank', cell: (row) => row.rank },
    { header: 'Score', cell: (row) => (recipe ? row.score : null) },
    ...recipeCriteria.map((criterion, i) => ({
      header: `Contribution: ${recipeLabelOf(criterion, fields, criteria, tasks)}`,
      cell: (row: ExportRow) => row.contributions[i] ?? null,
    })),
    ...criteria.flatMap((criterion, i) => [
      { header: `Average rating: ${criterion.name}`, cell: (row: ExportRow) => row.ratings[i]?.average ?? null },
      { header: `Ratings: ${criterion.name}`, cell: (row: ExportRow) => row.ratings[i]?.count ?? 0 },
    ]),
    { header: 'Submitted at (UTC)', cell: (row) => iso(row.submittedAt) },
    { header: 'Last edited at (UTC)', cell: (row) => (row.revision > 1 ? iso(row.updatedAt) : null) },
    { header: 'Edits', cell: (row) => row.revision - 1 },
    { header: 'Form version', cell: (row) => row.formVersion },
    {
      header: 'Verified records',
      cell: (row) =>
        row.verifiedRecords?.length
          ? row.verifiedRecords
              .map((r) => `${r.title} (verified by ${r.groupName}, ${r.verifiedAt.slice(0, 10)})`)
              .join('; ')
          : null,
    },
    {
      header: 'Verified answers',
      cell: (row) => {
        const ids = Object.keys(row.verifiedAnswers ?? {});
        return ids.length ? ids.map((id) => labelOf.get(id) ?? id).join('; ') : null;
      },
    },
  ];
  for (const question of questions) {
    if (question.type !== 'repeatableGroup') {
      columns.push(...leafColumns(question, question.label, (row) => row.answers[question.id], link));
      continue;
    }
    const rows = rowCounts.get(question.id) ?? 0;
    for (let index = 0; index < rows; index++) {
      for (const sub of question.fields) {
        columns.push(
          ...leafColumns(
            sub,
            `${question.label} #${index + 1}: ${sub.label}`,
            (row) => {
              const list = row.answers[question.id];
              return Array.isArray(list) ? list[index]?.[sub.id] : undefined;
            },
            link,
          ),
        );
      }
    }
  }
  // Video tasks (deleted ones too: their submitted answers are kept): each answer's average score.
  for (const task of tasks) {
    columns.push({
      header: `Video: ${task.title} (average score)`,
      cell: (row) => {
        const value = row.videoAverages?.[task.id];
        return value === null || value === undefined ? null : Number(value);
      },
    });
  }
  return {
    shortlistId,
    columns,
    total: Number(stats?.total ?? 0),
    definitions: new Map(versions.map((v) => [v.version, v.definition as FormDefinition])),
    ranking: {
      ordered: recipe !== null || pinned !== undefined || shortlistId !== undefined,
      ctes,
      explanation: explanationColumns(recipe),
      weights: recipeCriteria.map((c) => c.weight),
      criterionIds: criteria.map((c) => c.id),
    },
  };
}

const inShortlist = (shortlistId: string) =>
  sql`exists(select 1 from ${shortlistEntries} se where se.shortlist_id = ${shortlistId} and se.application_id = ${applications.id})`;

interface CursorRow {
  id: string;
  applicant_id: string | number;
  name: string | null;
  email: string;
  status: string;
  stage: string | null;
  rank: string | number | null;
  score: number;
  submitted_at: string | Date;
  updated_at: string | Date;
  revision: number;
  form_version: number;
  answers: Answers;
  has_verifications: boolean;
  stage_history: string | null;
  notes_count: number;
  tags: string | null;
  video_averages: Record<string, number | string | null> | null;
  position: number | null;
  [column: string]: unknown;
}

/**
 * One batch of a cursor, with the transaction the cursor lives in: reads the batch needs (badges) go through it, while
 * it is idle between fetches — on PGlite, with its one connection, a read outside it would wait for it for ever.
 */
interface CursorBatch<T> {
  rows: T[];
  tx: Executor;
}

/**
 * A statement's rows in batches through a cursor. The cursor lives in a transaction; each batch crosses over
 * through a one-slot hand-off, so the database reads at most one batch ahead of the stream and memory stays flat.
 * When the stream stops early (the client went away) the transaction ends at the next batch.
 */
async function* cursorBatches<T>(db: Executor, query: SQL, size: number): AsyncGenerator<CursorBatch<T>> {
  let slot: { rows: T[]; tx: Executor; taken: () => void } | null = null;
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: unknown = null;
  let stopped = false;
  const signal = () => {
    wake?.();
    wake = null;
  };
  const work = db
    .transaction(async (tx) => {
      // The statement reads a whole opening once: PostgreSQL's JIT compiler, which its cost estimate sets off, spends
      // more time compiling (~1.5 s at 100 000 rows) than it saves, and the sorts fit in memory with a larger budget.
      // Both settings end with this transaction (PGlite has no JIT and takes the settings as no-ops).
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`declare export_rows no scroll cursor for ${query}`);
      while (!stopped) {
        const result = await tx.execute(sql.raw(`fetch forward ${size} from export_rows`));
        const rows = (result as unknown as { rows: T[] }).rows;
        if (rows.length === 0) break;
        await new Promise<void>((taken) => {
          slot = { rows, tx, taken };
          signal();
        });
      }
    })
    .then(
      () => {
        finished = true;
        signal();
      },
      (error: unknown) => {
        failure = error;
        finished = true;
        signal();
      },
    );
  try {
    for (;;) {
      if (!slot && !finished) await new Promise<void>((resolve) => (wake = resolve));
      const current = slot as { rows: T[]; tx: Executor; taken: () => void } | null;
      if (current) {
        slot = null;
        yield { rows: current.rows, tx: current.tx };
        current.taken();
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
    }
  } finally {
    stopped = true;
    (slot as { taken: () => void } | null)?.taken();
    await work;
  }
}

/**
 * The opening's applications, oldest first (or a shortlist's, in its order), in bounded batches from one cursor over the ranking statement (rank,
 * score and each criterion's share are computed once, in the database, for the whole opening) with the average
 * ratings per criterion beside them.
 */
async function* applicationRows(db: Executor, openingId: string, plan: ExportPlan): AsyncGenerator<ExportRow[]> {
  const { ordered, ctes, explanation, weights, criterionIds } = plan.ranking;
  const { shortlistId } = plan;
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  const ratingColumns = criterionIds.flatMap((id, i) => [
    sql`avg(r.score) filter (where r.criterion_id = ${id}::uuid)::float8 as ${sql.raw(`ra${i}`)}`,
    sql`count(*) filter (where r.criterion_id = ${id}::uuid) as ${sql.raw(`rc${i}`)}`,
  ]);
  const ratingSelect = criterionIds.flatMap((_, i) => [sql.raw(`ra.ra${i}`), sql.raw(`ra.rc${i}`)]);
  const ratingAverages =
    criterionIds.length > 0
      ? sql`rating_averages as (select r.application_id, ${sql.join(ratingColumns, sql`, `)}
          from candidate_ratings r join applications ap on ap.id = r.application_id and ap.opening_id = ${openingId}::uuid
          group by r.application_id)`
      : null;
  const withClause = ordered
    ? sql`${ctes}${ratingAverages ? sql`, ${ratingAverages}` : sql``}`
    : ratingAverages
      ? sql`with ${ratingAverages}`
      : sql``;
  const query = sql`${withClause}
    select a.id, a.applicant_id, coalesce(ip.name, u.name) as name, u.email, a.status,
      (select st.name from opening_stages st where st.id = a.stage_id) as stage,
      (select string_agg(coalesce(m.from_stage_name, 'Applied') || ' → ' || m.to_stage_name
          || ' (' || to_char(m.at at time zone 'UTC', 'YYYY-MM-DD') || ')', '; ' order by m.at, m.id)
        from stage_moves m where m.application_id = a.id) as stage_history,
      (select count(*)::int from application_notes n where n.application_id = a.id) as notes_count,
      (select string_agg(t.name, '; ' order by lower(t.name)) from application_tags link
        join candidate_tags t on t.id = link.tag_id where link.application_id = a.id) as tags,
      ${ordered ? sql`case when o.pin_group < 3 then o.position end as rank, o.score` : sql`row_number() over (order by a.submitted_at, a.id) as rank, 0::float8 as score`},
      a.submitted_at, a.updated_at, a.revision, a.form_version, a.answers,
      exists(select 1 from record_verifications rv
        where rv.subject_user_id = a.applicant_id and rv.voided_at is null) as has_verifications,
      (select jsonb_object_agg(va.task_id,
          (select round(avg(s.score)::numeric, 2) from video_scores s where s.answer_id = va.id))
        from video_answers va join video_tasks vt on vt.id = va.task_id
        where vt.opening_id = a.opening_id and va.candidate_id = a.applicant_id
          and va.submitted_at is not null) as video_averages,
      ${shortlistId ? sql`se.position` : sql`null::int`} as position
      ${ordered ? explanation : sql``}
      ${ratingSelect.length > 0 ? sql`, ${sql.join(ratingSelect, sql`, `)}` : sql``}
    ${ordered ? sql`from ordered o ${explanationJoin} join applications a on a.id = o.id` : sql`from applications a`}
    join users u on u.id = a.applicant_id
    left join individual_profiles ip on ip.user_id = a.applicant_id
    ${criterionIds.length > 0 ? sql`left join rating_averages ra on ra.application_id = a.id` : sql``}
    ${shortlistId ? sql`join shortlist_entries se on se.application_id = a.id and se.shortlist_id = ${shortlistId}::uuid` : sql``}
    ${ordered ? sql`` : sql`where a.opening_id = ${openingId}::uuid`}
    order by ${shortlistId ? sql`se.position` : sql`a.submitted_at, a.id`}`;
  for await (const { rows, tx } of cursorBatches<CursorRow>(db, query, BATCH)) {
    const batch: ExportRow[] = rows.map((row) => ({
      id: row.id,
      applicantId: Number(row.applicant_id),
      name: row.name,
      email: row.email,
      status: row.status,
      stage: row.stage,
      stageHistory: row.stage_history,
      notesCount: Number(row.notes_count),
      tags: row.tags,
      rank: row.rank === null ? null : Number(row.rank),
      score: Number(row.score),
      contributions: weights.map((weight, i) =>
        totalWeight > 0 ? Math.round((Number(row[`n${i}`] ?? 0) * weight * 10000) / totalWeight) / 100 : 0,
      ),
      ratings: criterionIds.map((_, i) => ({
        average:
          row[`ra${i}`] === null || row[`ra${i}`] === undefined ? null : Math.round(Number(row[`ra${i}`]) * 100) / 100,
        count: Number(row[`rc${i}`] ?? 0),
      })),
      submittedAt: new Date(row.submitted_at),
      updatedAt: new Date(row.updated_at),
      revision: row.revision,
      formVersion: row.form_version,
      answers: row.answers,
      hasVerifications: row.has_verifications,
      videoAverages: row.video_averages,
      position: row.position ?? undefined,
    }));
    // Badges need a live verification decision: a batch without one skips the lookup.
    const vouched = batch.filter((row) => row.hasVerifications);
    const verifications =
      vouched.length > 0
        ? await loadApplicantVerifications(
            tx,
            vouched.map((row) => row.applicantId),
          )
        : new Map<number, ApplicantVerification>();
    for (const row of batch) {
      const verification = verifications.get(row.applicantId);
      row.verifiedRecords = verification?.records ?? [];
      row.verifiedAnswers = verifiedAnswersFor(plan.definitions.get(row.formVersion), row.answers, verification);
    }
    yield batch;
  }
}

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused with a quote mark. */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  let text = typeof cell === 'string' ? cell : cell.link;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** Streams the CSV (UTF-8 with a byte-order mark, so spreadsheet programs read non-Latin names right). */
export function csvStream(db: Executor, openingId: string, plan: ExportPlan): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(plan.columns.map((c) => c.header))}`;
    for await (const batch of applicationRows(db, openingId, plan)) {
      yield batch.map((row) => csvLine(plan.columns.map((c) => c.cell(row)))).join('');
    }
  }
  return Readable.from(lines());
}

/** Streams an XLSX workbook: one sheet, a bold frozen header row, file links as hyperlinks. */
export function xlsxStream(db: Executor, openingId: string, plan: ExportPlan, sheetName: string): Readable {
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    for await (const batch of applicationRows(db, openingId, plan)) {
      yield batch.map((row) =>
        plan.columns.map((column) => {
          const cell = column.cell(row);
          return cell !== null && typeof cell === 'object' ? { text: cell.text, hyperlink: cell.link } : cell;
        }),
      );
    }
  }
  return writeXlsx({
    name: sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Applications',
    columns: plan.columns.map((column) => ({
      header: column.header,
      width: Math.min(40, Math.max(12, column.header.length + 2)),
    })),
    rows: rows(),
  });
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
