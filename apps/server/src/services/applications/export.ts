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
  type Recipe,
  type VerifiedAnswers,
  type VerifiedRecord,
} from '@placely/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { copyCsv, copyRows, pgClientOf, withValuesInline } from '../../db/copy-rows';
import { readTogether } from '../../db/read-together';
import { applications, openingFormVersions, rankingPins, shortlistEntries } from '../../db/schema';
import { criteriaOf, rankableFields, labelOf as recipeLabelOf, recipeOf, videoTasksOf } from '../shortlisting/ranking';
import { explanationColumns, explanationJoin, rankingCtes } from '../shortlisting/ranking-sql';
import { currentRankingBuild, storedRankingIsAt } from '../shortlisting/ranking-store';
import { onCurrentRubric } from '../video/scores';
import { CsvLineEnds } from './csv-line-ends';
import {
  type AnswerRef,
  answerAt,
  type CellWriter,
  csvWriter,
  fileIdSql,
  floatText,
  isoText,
  jsRound,
  leafCellSql,
  numberText,
  otherTextSql,
  xlsxWriter,
} from './export-cells';
import { loadApplicantVerifications, verifiedAnswersFor } from './verified';
import { xlsxStream as writeXlsx } from './xlsx-writer';

/** Rows fetched per query while streaming through a cursor: bounded memory whatever the number of applications. */
const BATCH = 1000;
/**
 * Rows handed over at a time when they stream through COPY. There is no round trip per batch to save there, and a
 * smaller batch keeps fewer rows alive at each young-generation collection: the CSV export spent 15 % less CPU at 200
 * than at 1 000 (bench/results/hot-paths.md, 2026-11-27 15:40 UTC).
 */
const COPY_BATCH = 200;

/** One cell: text, a number, or nothing (an empty cell). */
type Cell = string | number | null;

/**
 * One application as the statement gives it: each column's cell as text (`c0`, `c1`, …; null for an empty cell), and,
 * when some applicant of the opening has a live verification decision, what the badge columns are worked out from.
 */
interface ExportRow {
  [cell: string]: unknown;
  applicant_id?: string | number;
  form_version?: number;
  answers?: Answers;
  /** The applicant has a live verification decision (their badges are looked up). */
  has_verifications?: boolean;
  /** Set per batch, for applicants with a live verification decision only: what the organization may trust. */
  verifiedRecords?: VerifiedRecord[];
  verifiedAnswers?: VerifiedAnswers;
}

/** How a column's cells are written: text (the CSV defuses formulas), a number, or a link (an XLSX hyperlink). */
type CellKind = 'text' | 'number' | 'link';

/**
 * A column of the export. PostgreSQL computes its cell (`value`, over the export's row `x`: export-cells.ts), so a
 * CSV export is COPY's own CSV; the server only fills the badge columns (`fill`), from reads beside the statement.
 */
interface Column {
  header: string;
  /** The cell's text (null: an empty cell) as `write` writes text for the file; for `fill` columns, null. */
  value: (write: CellWriter) => SQL;
  kind: CellKind;
  /**
   * Computed over all rows in their order (the rank in submission order), in the statement's outer select over the
   * cells (`s`), instead of beside the other cells.
   */
  overRows?: SQL;
  /** The server's own cell: the statement gives null and the rows carry what this reads. */
  fill?: (row: ExportRow) => string | null;
}

/** Builds an application's file link in SQL from its id and the file's id (null when either is null). */
export type FileLinkSql = (applicationId: SQL, fileId: SQL) => SQL;

export interface ExportPlan {
  columns: Column[];
  total: number;
  definitions: Map<number, FormDefinition>;
  /**
   * How the rows get rank, score and contributions, and the opening's rating criteria. `ordered` is false when
   * nothing reorders the opening (no recipe, no pins, not a shortlist): the rank is then the submission order and the
   * rows stream straight off the (opening, submitted) index. Otherwise `version` is the input version of the stored
   * ranking the plan made current, and `recipe` the recipe it was built with: the rows read it from
   * `opening_rankings`, or — when something changed since — run the ranking statement with that recipe themselves.
   */
  ranking: { ordered: boolean; recipe: Recipe | null; version: number; criterionIds: string[] };
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

/** A choice's label by option id (the id itself for an option the form no longer has); the first option of an id wins. */
function optionLabels(field: LeafField): (optionId: string) => string {
  const labels = new Map<string, string>();
  for (const option of 'options' in field ? field.options : []) {
    if (!labels.has(option.id)) labels.set(option.id, option.label);
  }
  return (optionId) => (optionId === OTHER_OPTION_ID ? 'Other' : (labels.get(optionId) ?? optionId));
}

/**
 * `leafCell` for one field, with the switch on its type and its option labels resolved once: the export calls it for
 * every row, and the result is the same as `leafCell(field, value)` for every value.
 */
function leafCellOf(field: LeafField): (value: AnswerValue | undefined) => Cell {
  const empty = (value: AnswerValue | undefined) => value === undefined || value === null || value === '';
  switch (field.type) {
    case 'yesNo':
      return (value) => (value === true ? 'Yes' : value === false ? 'No' : null);
    case 'number':
    case 'linearScale':
      return (value) => (typeof value === 'number' ? value : null);
    case 'singleChoice':
    case 'dropdown': {
      const label = optionLabels(field);
      return (value) => {
        if (empty(value)) return null;
        const optionId = prop(value, 'optionId');
        return typeof optionId === 'string' ? label(optionId) : null;
      };
    }
    case 'multipleChoice': {
      const label = optionLabels(field);
      return (value) => {
        if (empty(value)) return null;
        const optionIds = prop(value, 'optionIds');
        if (!Array.isArray(optionIds)) return null;
        let text = '';
        for (let i = 0; i < optionIds.length; i++) text += (i > 0 ? '; ' : '') + label(String(optionIds[i]));
        return text;
      };
    }
    case 'fileUpload':
      return (value) => {
        if (empty(value)) return null;
        const name = prop(value, 'name');
        return typeof name === 'string' ? name : null;
      };
    default:
      return (value) => (empty(value) ? null : typeof value === 'string' ? value : String(value));
  }
}

/** The columns one leaf question adds: its answer, plus "Other" text and file link columns where they apply. */
function leafColumns(field: LeafField, header: string, answer: AnswerRef, fileLink: FileLinkSql): Column[] {
  const numeric = field.type === 'number' || field.type === 'linearScale';
  const columns: Column[] = [
    { header, value: (write) => leafCellSql(field, answer, write), kind: numeric ? 'number' : 'text' },
  ];
  const hasOther = (field.type === 'singleChoice' || field.type === 'multipleChoice') && field.allowOther;
  if (hasOther)
    columns.push({ header: `${header} (Other)`, value: (write) => otherTextSql(answer, write), kind: 'text' });
  if (field.type === 'fileUpload') {
    // A link starts with the public address: never text a spreadsheet would run, never empty (null without a file).
    const link = fileLink(sql`x.id::text`, fileIdSql(answer));
    columns.push({ header: `${header} (link)`, value: () => link, kind: 'link' });
  }
  return columns;
}

/** One answer as the spreadsheet (and the "received" mail) shows it. */
export function leafCell(field: LeafField, value: AnswerValue | undefined): Cell | { text: string; link: string } {
  return leafCellOf(field)(value);
}

/**
 * Plans the export of an opening's applications — or of one of its shortlists, in the shortlist's order with its
 * position first: every column, and how many rows there will be.
 */
export async function planExport(
  db: Executor,
  openingId: string,
  fileLink: FileLinkSql,
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
  const [saved, criteria, fields, tasks, [pinned]] = await readTogether(db, [
    () => recipeOf(db, openingId),
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
  const ordered = saved !== null || pinned !== undefined || shortlistId !== undefined;
  // The stored ranking, made current as the ranking page makes it (rebuilt under the opening's ranking lock when an
  // input changed since its build): the rows read rank, score and contributions from it, and its recipe is the one
  // the columns follow.
  const build = ordered ? await currentRankingBuild(db, openingId) : null;
  const recipe = build?.recipe ?? null;
  const recipeCriteria = recipe?.criteria ?? [];
  const totalWeight = recipeCriteria.reduce((sum, c) => sum + c.weight, 0);
  const text = (header: string, value: SQL): Column => ({ header, value: (write) => write.text(value), kind: 'text' });
  /** Text that is never empty and never starts like a formula (ids, states, timestamps): written as it is. */
  const fixed = (header: string, value: SQL): Column => ({ header, value: () => value, kind: 'text' });
  const number = (header: string, value: SQL): Column => ({ header, value: () => value, kind: 'number' });
  const columns: Column[] = [
    ...(shortlistId ? [number('Shortlist position', sql`(coalesce(x.position, 0) + 1)::text`)] : []),
    fixed('Application ID', sql`x.id::text`),
    text('Name', sql`x.name`),
    text('Email', sql`x.email`),
    fixed('Status', sql`x.status::text`),
    text('Stage', sql`x.stage`),
    text('Stage history', sql`x.stage_history`),
    number('Notes', sql`x.notes_count::text`),
    text('Tags', sql`x.tags`),
    ordered
      ? number('Rank', sql`x.rank::text`)
      : // Nothing reorders the opening: the rank is the submission order, the order the rows come in.
        {
          ...number('Rank', sql`null::text`),
          overRows: sql`(row_number() over (order by s.submitted_at, s.id))::text`,
        },
    number('Score', recipe ? floatText(sql`x.score`) : sql`null::text`),
    // Points each recipe criterion gave: its normalised value (`n{i}` of the explanation columns) times its share.
    ...recipeCriteria.map((criterion, i) =>
      number(
        `Contribution: ${recipeLabelOf(criterion, fields, criteria, tasks)}`,
        totalWeight > 0
          ? floatText(
              sql`${jsRound(sql`coalesce(${sql.raw(`x.n${i}`)}, 0) * ${criterion.weight}::float8 * 10000 / ${totalWeight}::float8`)} / 100`,
            )
          : sql`'0'`,
      ),
    ),
    // Per rating criterion of the opening: the average (none when nobody rated) and how many ratings.
    ...criteria.flatMap((criterion, i) => [
      number(`Average rating: ${criterion.name}`, floatText(sql`${jsRound(sql.raw(`x.ra${i} * 100`))} / 100`)),
      number(`Ratings: ${criterion.name}`, sql`coalesce(${sql.raw(`x.rc${i}`)}, 0)::text`),
    ]),
    fixed('Submitted at (UTC)', isoText(sql`x.submitted_at`)),
    fixed('Last edited at (UTC)', sql`case when x.revision > 1 then ${isoText(sql`x.updated_at`)} end`),
    number('Edits', sql`(x.revision - 1)::text`),
    number('Form version', sql`x.form_version::text`),
    {
      ...fixed('Verified records', sql`null::text`),
      fill: (row) =>
        row.verifiedRecords?.length
          ? row.verifiedRecords
              .map((r) => `${r.title} (verified by ${r.groupName}, ${r.verifiedAt.slice(0, 10)})`)
              .join('; ')
          : null,
    },
    {
      ...fixed('Verified answers', sql`null::text`),
      fill: (row) => {
        const ids = Object.keys(row.verifiedAnswers ?? {});
        return ids.length ? ids.map((id) => labelOf.get(id) ?? id).join('; ') : null;
      },
    },
  ];
  for (const question of questions) {
    if (question.type !== 'repeatableGroup') {
      columns.push(...leafColumns(question, question.label, answerAt(sql`x.answers`, question.id), fileLink));
      continue;
    }
    const rows = rowCounts.get(question.id) ?? 0;
    for (let index = 0; index < rows; index++) {
      // An index into an array only (on an object or a scalar `->` gives null, as `Array.isArray` does).
      const entry = sql`(x.answers -> ${question.id}::text -> ${sql.raw(String(index))})`;
      for (const sub of question.fields) {
        columns.push(
          ...leafColumns(sub, `${question.label} #${index + 1}: ${sub.label}`, answerAt(entry, sub.id), fileLink),
        );
      }
    }
  }
  // Video tasks (deleted ones too: their submitted answers are kept): each answer's average score.
  for (const task of tasks) {
    columns.push(
      number(`Video: ${task.title} (average score)`, numberText(sql`(x.video_averages ->> ${task.id}::text)::numeric`)),
    );
  }
  return {
    shortlistId,
    columns,
    total: Number(stats?.total ?? 0),
    definitions: new Map(versions.map((v) => [v.version, v.definition as FormDefinition])),
    ranking: { ordered, recipe, version: build?.version ?? 0, criterionIds: criteria.map((c) => c.id) },
  };
}

const inShortlist = (shortlistId: string) =>
  sql`exists(select 1 from ${shortlistEntries} se where se.shortlist_id = ${shortlistId} and se.application_id = ${applications.id})`;

/**
 * Batches a producer makes in the background, handed to the consumer through a one-slot hand-off: the producer starts
 * on the next batch as soon as the consumer takes one, so the database reads the next batch while the stream writes
 * this one, and never more than one ahead, so memory stays flat. `give` resolves once the consumer took the batch,
 * with false when the consumer stopped (the client went away): the producer then ends its work.
 */
async function* handedOver<T>(produce: (give: (batch: T) => Promise<boolean>) => Promise<void>): AsyncGenerator<T> {
  let slot: T | null = null;
  /** Lets the producer go on: called when the stream takes the slot's batch, or stops. */
  let release: (() => void) | null = null;
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: unknown = null;
  let stopped = false;
  const signal = () => {
    wake?.();
    wake = null;
  };
  const give = async (batch: T) => {
    await new Promise<void>((taken) => {
      if (stopped) return taken();
      slot = batch;
      release = taken;
      signal();
    });
    return !stopped;
  };
  const work = produce(give).then(
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
      const rows = slot as T | null;
      if (rows) {
        slot = null;
        const next = release as (() => void) | null;
        release = null;
        next?.();
        yield rows;
        continue;
      }
      if (failure) throw failure;
      if (finished) return;
    }
  } finally {
    stopped = true;
    slot = null;
    (release as (() => void) | null)?.();
    release = null;
    await work;
  }
}

/** How the rows get rank, score and n{i}: from the stored ranking, from the ranking statement, or none. */
export type ExportRanking = 'stored' | 'computed' | 'plain';

/** What a batch of the export is: COPY's CSV bytes as they came, or rows of cells. */
type ExportBatch = Buffer | ExportRow[];

/**
 * The export's rows in one transaction, handed over a batch at a time (`handedOver`).
 *
 * PostgreSQL computes every cell (export-cells.ts). On PostgreSQL, when no applicant of the opening has a live
 * verification decision, the statement runs under `COPY (…) TO STDOUT`: a CSV export is COPY's own CSV, passed on as
 * bytes (`csv`), and an XLSX export reads COPY's text rows (`copyRows`): one stream, no round trip per batch, no
 * per-row protocol work in the driver (bench/results/hot-paths.md has the figures). Otherwise, and on PGlite (no COPY
 * stream in its driver), the rows come through a cursor, a FETCH per batch, and the badges a batch needs are read
 * between FETCHes on the same transaction. Those reads do not take a second connection: on PGlite it would wait for
 * this transaction for ever, and on PostgreSQL exports holding every pooled connection while each waits for one more
 * would wait for ever too.
 */
function exportBatches(db: Executor, openingId: string, plan: ExportPlan, format: ExportFormat) {
  const { ordered, version } = plan.ranking;
  const { vouchedApplicants } = exportRows(openingId, plan);
  // REPEATABLE READ: every statement of the export sees one snapshot, so the stored ranking's state, whether any
  // applicant needs badges, the rows and the badges agree.
  return handedOver<ExportBatch>((give) =>
    db.transaction(
      async (tx) => {
        const ranking: ExportRanking = ordered
          ? (await storedRankingIsAt(tx, openingId, version))
            ? 'stored'
            : 'computed'
          : 'plain';
        // The statement reads a whole opening once: PostgreSQL's JIT compiler, which its cost estimate sets off, spends
        // more time compiling (~1.5 s at 100 000 rows) than it saves, and the sorts fit in memory with a larger budget.
        // The cells' numbers are float8's shortest text, as JavaScript writes them, whatever the server's default.
        // The settings end with this transaction (PGlite has no JIT and takes that one as a no-op).
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`set local extra_float_digits = 1`);
        const vouched = await tx.execute(sql`select exists(select 1 ${vouchedApplicants}) as vouched`);
        const badges = Boolean((vouched as unknown as { rows: { vouched: boolean }[] }).rows[0]?.vouched);
        const statement = exportStatement(openingId, plan, { ranking, format, badges });
        // COPY only on the pool's own connection: a caller's transaction would share it with the caller's statements.
        const client = pgClientOf(db) ? null : pgClientOf(tx);
        if (client && !badges) {
          const text = withValuesInline(statement);
          const batches = format === 'csv' ? copyCsv(client, text) : copyRows(client, text, COPY_BATCH);
          for await (const batch of batches) if (!(await give(batch as ExportBatch))) break;
          return;
        }
        await tx.execute(sql`declare export_rows no scroll cursor for ${statement}`);
        const fetch = sql.raw(`fetch forward ${BATCH} from export_rows`);
        for (;;) {
          const result = await tx.execute(fetch);
          const rows = (result as unknown as { rows: ExportRow[] }).rows;
          if (rows.length === 0) break;
          if (badges) await addBadges(tx, plan, rows);
          if (!(await give(rows))) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}

/** What the badge columns show, for the rows whose applicant has a live verification decision. */
async function addBadges(tx: Executor, plan: ExportPlan, rows: ExportRow[]): Promise<void> {
  const vouched = rows.filter((row) => row.has_verifications);
  if (vouched.length === 0) return;
  const verifications = await loadApplicantVerifications(
    tx,
    vouched.map((row) => Number(row.applicant_id)),
  );
  for (const row of vouched) {
    const verification = verifications.get(Number(row.applicant_id));
    row.verifiedRecords = verification?.records ?? [];
    row.verifiedAnswers = verifiedAnswersFor(
      plan.definitions.get(Number(row.form_version)),
      row.answers ?? {},
      verification,
    );
  }
}

/**
 * The rows the cells are computed from (`x` of the columns' SQL), without an order, and the applicants whose badges
 * they need. Stage, stage history, notes, tags, badges and video scores are joined from one aggregate each over the
 * opening (not a subquery per row: most applications have none of them, and a correlated subquery costs its set-up
 * on every row). Rank, score and each criterion's normalised value are read by key from the stored ranking the plan
 * made current (`stored`), or computed by the ranking statement with the plan's recipe when an input changed since
 * (`computed`: its ranks are those of the data it reads, so a file never mixes a stale ranking with newer
 * applications).
 */
function exportRows(openingId: string, plan: ExportPlan) {
  const { recipe, criterionIds } = plan.ranking;
  const { shortlistId } = plan;
  const criteriaCount = recipe?.criteria.length ?? 0;
  const ratingColumns = criterionIds.flatMap((id, i) => [
    sql`avg(r.score) filter (where r.criterion_id = ${id}::uuid)::float8 as ${sql.raw(`ra${i}`)}`,
    sql`count(*) filter (where r.criterion_id = ${id}::uuid) as ${sql.raw(`rc${i}`)}`,
  ]);
  const ratingSelect = criterionIds.flatMap((_, i) => [sql.raw(`ra.ra${i}`), sql.raw(`ra.rc${i}`)]);
  // The criteria are the opening's own, so their ratings are ratings of its applications: no join to find them.
  const ratingAverages =
    criterionIds.length > 0
      ? sql`rating_averages as (select r.application_id, ${sql.join(ratingColumns, sql`, `)}
          from candidate_ratings r
          where r.criterion_id in (${sql.join(
            criterionIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          group by r.application_id)`
      : null;
  const withClause = (ranking: ExportRanking) => {
    const ctes = ranking === 'computed' ? [rankingCtes({ openingId, recipe })] : [];
    if (ratingAverages) ctes.push(ranking === 'computed' ? sql`, ${ratingAverages}` : sql`with ${ratingAverages}`);
    return sql.join(ctes, sql``);
  };
  const normalised =
    criteriaCount > 0
      ? sql`, ${sql.raw(Array.from({ length: criteriaCount }, (_, i) => `o.normalised[${i + 1}] as n${i}`).join(', '))}`
      : sql``;
  /** Applicants of the opening with a live verification decision (the FROM and WHERE of a select). */
  const vouchedApplicants = sql`from record_verifications v
    join applications ap on ap.applicant_id = v.subject_user_id and ap.opening_id = ${openingId}::uuid
    where v.voided_at is null`;
  const rows = (ranking: ExportRanking, badges: boolean) => sql`
    select a.id, a.applicant_id, coalesce(ip.name, u.name) as name, u.email, a.status, os.name as stage,
      sm.stage_history, coalesce(nc.notes_count, 0) as notes_count, tg.tags,
      ${ranking === 'plain' ? sql`null::int as rank, 0::float8 as score` : sql`case when o.pin_group < 3 then o.position end as rank, o.score`},
      a.submitted_at, a.updated_at, a.revision, a.form_version, a.answers,
      ${badges ? sql`rv.subject_user_id is not null` : sql`false`} as has_verifications,
      vid.video_averages,
      ${shortlistId ? sql`se.position` : sql`null::int`} as position
      ${ranking === 'computed' ? explanationColumns(recipe) : ranking === 'stored' ? normalised : sql``}
      ${ratingSelect.length > 0 ? sql`, ${sql.join(ratingSelect, sql`, `)}` : sql``}
    ${
      ranking === 'computed'
        ? sql`from ordered o ${explanationJoin} join applications a on a.id = o.id`
        : ranking === 'stored'
          ? // By key alone: a build current in this snapshot holds every application of the opening, and a condition on
            // o.opening_id would make the planner expect few rows (a fast-start nested-loop plan for the cursor).
            sql`from applications a join opening_rankings o on o.application_id = a.id`
          : sql`from applications a`
    }
    join users u on u.id = a.applicant_id
    left join individual_profiles ip on ip.user_id = a.applicant_id
    left join opening_stages os on os.id = a.stage_id
    left join (select m.application_id, string_agg(coalesce(m.from_stage_name, 'Applied') || ' → ' || m.to_stage_name
          || ' (' || to_char(m.at at time zone 'UTC', 'YYYY-MM-DD') || ')', '; ' order by m.at, m.id) as stage_history
        from stage_bulk_moves b join stage_moves m on m.bulk_move_id = b.id
        where b.opening_id = ${openingId}::uuid
        group by m.application_id) sm on sm.application_id = a.id
    left join (select n.application_id, count(*)::int as notes_count
        from application_notes n where n.opening_id = ${openingId}::uuid
        group by n.application_id) nc on nc.application_id = a.id
    left join (select link.application_id, string_agg(t.name, '; ' order by lower(t.name)) as tags
        from application_tags link join candidate_tags t on t.id = link.tag_id
        where link.opening_id = ${openingId}::uuid
        group by link.application_id) tg on tg.application_id = a.id
    ${badges ? sql`left join (select distinct v.subject_user_id ${vouchedApplicants}) rv on rv.subject_user_id = a.applicant_id` : sql``}
    left join (select va.candidate_id, jsonb_object_agg(va.task_id,
          (select round(avg(s.score)::numeric, 2) from video_scores s where s.answer_id = va.id
            and ${onCurrentRubric('vt', 's')})) as video_averages
        from video_answers va join video_tasks vt on vt.id = va.task_id
        where vt.opening_id = ${openingId}::uuid and va.submitted_at is not null
        group by va.candidate_id) vid on vid.candidate_id = a.applicant_id
    ${criterionIds.length > 0 ? sql`left join rating_averages ra on ra.application_id = a.id` : sql``}
    ${shortlistId ? sql`join shortlist_entries se on se.application_id = a.id and se.shortlist_id = ${shortlistId}::uuid` : sql``}
    ${ranking === 'computed' ? sql`` : sql`where a.opening_id = ${openingId}::uuid`}`;
  return { withClause, rows, vouchedApplicants };
}

/**
 * The export's statement: one text cell per column (`c0`, `c1`, …), in the file's order (submission order, or the
 * shortlist's). `format` chooses how text cells are written (export-cells.ts `CellWriter`): for the CSV with
 * formula-looking text defused and empty text as null, so that COPY's CSV is the file's; for the XLSX as they are.
 * With `badges`, the rows also carry what the badge columns are worked out from. Exported for the bench, which runs
 * it under COPY as a baseline.
 *
 * The cells are computed in a subquery that PostgreSQL may not merge into the outer select (`offset 0`), so that its
 * parallel workers compute them; only what needs every row in order (the rank by submission) is left to the outer
 * select, which runs in one process. Computed there, above the sort, the cells took half again as long
 * (hot-paths.md, 2026-11-27 22:57–00:30 UTC).
 */
export function exportStatement(
  openingId: string,
  plan: ExportPlan,
  options: { ranking: ExportRanking; format: ExportFormat; badges: boolean },
): SQL {
  const { withClause, rows } = exportRows(openingId, plan);
  const { ranking, format, badges } = options;
  const write = format === 'csv' ? csvWriter : xlsxWriter;
  // What the subquery carries beside the cells: the order, and the badges' inputs.
  const carried = ['submitted_at', 'id', 'position'];
  if (badges) carried.push('applicant_id', 'form_version', 'answers', 'has_verifications');
  const cells = plan.columns.map((column, i) => sql`${column.value(write)} as ${sql.raw(`c${i}`)}`);
  const outer = plan.columns.map((column, i) =>
    column.overRows ? sql`${column.overRows} as ${sql.raw(`c${i}`)}` : sql.raw(`s.c${i}`),
  );
  return sql`${withClause(ranking)}
    select ${sql.join(outer, sql`, `)}${badges ? sql.raw(`, ${carried.map((name) => `s.${name}`).join(', ')}`) : sql``}
    from (select ${sql.join(cells, sql`, `)}, ${sql.raw(carried.map((name) => `x.${name}`).join(', '))}
      from (${rows(ranking, badges)}) x offset 0) s
    order by ${plan.shortlistId ? sql`s.position` : sql`s.submitted_at, s.id`}`;
}

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused with a quote mark. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const length = cell.length;
  if (length === 0) return cell;
  // One pass over the text instead of two regular expressions: most cells need neither a quote mark nor quoting.
  const first = cell.charCodeAt(0);
  // = + - @ tab carriage return
  const text =
    first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${cell}` : cell;
  for (let i = 0; i < length; i++) {
    const char = cell.charCodeAt(i);
    // " , \r \n
    if (char === 34 || char === 44 || char === 13 || char === 10) {
      return `"${text.indexOf('"') === -1 ? text : text.replaceAll('"', '""')}"`;
    }
  }
  return text;
}

/** Text the statement already defused (export-cells.ts `csvText`), quoted when it holds a quote, comma or line break. */
function csvQuoted(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    // " , \r \n
    if (char === 34 || char === 44 || char === 13 || char === 10) return `"${text.replaceAll('"', '""')}"`;
  }
  return text;
}

/** Rows of cells (from a cursor: PGlite, or an opening with badges) as CSV lines. */
function csvLines(columns: Column[], rows: ExportRow[]): string {
  const count = columns.length;
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < count; i++) {
      if (i > 0) text += ',';
      const column = columns[i] as Column;
      if (column.fill) {
        text += csvField(column.fill(row));
        continue;
      }
      const cell = row[`c${i}`] as string | null;
      if (cell !== null) text += column.kind === 'number' ? cell : csvQuoted(cell);
    }
    text += '\r\n';
  }
  return text;
}

/**
 * Streams the CSV (UTF-8 with a byte-order mark, so spreadsheet programs read non-Latin names right; records end in
 * CRLF). Through COPY the rows are PostgreSQL's own CSV, passed on with their line ends made CRLF.
 */
export function csvStream(db: Executor, openingId: string, plan: ExportPlan): Readable {
  async function* chunks() {
    yield `\uFEFF${plan.columns.map((column) => csvField(column.header)).join(',')}\r\n`;
    const lineEnds = new CsvLineEnds();
    // One piece per batch, written once: the stream's backpressure holds the next batch back.
    for await (const batch of exportBatches(db, openingId, plan, 'csv')) {
      yield Buffer.isBuffer(batch) ? lineEnds.crlf(batch) : csvLines(plan.columns, batch);
    }
  }
  return Readable.from(chunks());
}

/** Streams an XLSX workbook: one sheet, a bold frozen header row, file links as hyperlinks. */
export function xlsxStream(db: Executor, openingId: string, plan: ExportPlan, sheetName: string): Readable {
  return writeXlsx<ExportRow>({
    name: sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Applications',
    columns: plan.columns.map((column, i) => {
      const key = `c${i}`;
      return {
        header: column.header,
        width: Math.min(40, Math.max(12, column.header.length + 2)),
        cell: column.fill
          ? column.fill
          : column.kind === 'number'
            ? (row: ExportRow) => (row[key] === null ? null : Number(row[key]))
            : (row: ExportRow) => row[key] as string | null,
        link: column.kind === 'link',
      };
    }),
    rows: exportBatches(db, openingId, plan, 'xlsx') as AsyncGenerator<ExportRow[]>,
  });
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
