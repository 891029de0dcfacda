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
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { copyCsv, copyRows, pgClientOf, withValuesInline } from '../../db/copy-rows';
import { readTogether } from '../../db/read-together';
import {
  applications,
  openingFormVersions,
  rankingPins,
  shortlistEntries,
  videoAnswers,
  videoTasks,
} from '../../db/schema';
import { can } from '../../policies';
import { derivedScoreVisible, othersJudgementVisible, ownVideoScoreGivenSql } from '../../policies/judgement';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import {
  criteriaOf,
  judgementViewer,
  rankableFields,
  labelOf as recipeLabelOf,
  recipeOf,
  roundsOfOpening,
  videoTasksOf,
  viewerJudgementColumns,
} from '../shortlisting/ranking';
import { explanationColumns, explanationJoin, rankingCtes } from '../shortlisting/ranking-sql';
import { currentRankingBuild, storedRankingIsAt } from '../shortlisting/ranking-store';
import { onCurrentRubric } from '../video/scores';
import { CsvLineEnds } from './csv-line-ends';
import {
  type AnswerRef,
  answerAt,
  csvText,
  fileIdSql,
  floatText,
  isoText,
  jsRound,
  leafCellSql,
  numberText,
  otherTextSql,
} from './export-cells';
import { loadApplicantVerifications, verifiedAnswersFor } from './verified';
import { xlsxStream as writeXlsx } from './xlsx-writer';

/** Rows fetched per query while streaming: bounded memory whatever the number of applications. */
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
 * One application as the cursor gives it (column names as selected; int8 counts and ranks arrive as text), plus what
 * its batch adds: the rank in submission order when nothing reorders the opening, and the badges of an applicant with
 * a live verification decision. Columns read it directly: no per-row copy.
 */
interface ExportRow {
  id: string;
  applicant_id: string | number;
  name: string | null;
  email: string;
  status: string;
  stage: string | null;
  /** "Applied → Shortlisted (2026-11-24); …", oldest move first. */
  stage_history: string | null;
  notes_count: number;
  tags: string | null;
  /** Opening-wide rank (null: a knock-out excluded the candidate); a number once the batch has set it. */
  rank: string | number | null;
  /** 0–100 score from the ranking recipe. */
  score: number;
  submitted_at: string | Date;
  updated_at: string | Date;
  revision: number;
  form_version: number;
  answers: Answers;
  /** The applicant has a live verification decision (their badges are looked up). */
  has_verifications: boolean;
  /** Per video task of the opening: the mean of every reviewer's scores on this applicant's submitted answer. */
  video_averages: Record<string, number | string | null> | null;
  /** Its place in the shortlist being exported (shortlist exports only). */
  position: number | null;
  /** The notes' text, oldest first, "Author (date): body" (only when the exporter may read notes). */
  notes_text?: string | null;
  /** Share-link verdicts, "Name <email>: Yes — comment" (only when the exporter may read verdicts). */
  verdicts_text?: string | null;
  /** The recipe's rating criteria the exporter rated this application on, and video tasks they scored (blindness). */
  rated_by_viewer?: string[];
  video_scored_by_viewer?: string[];
  scorecards_seen_by_viewer?: string[];
  /** Set per batch, for applicants with a live verification decision only: what the organization may trust. */
  verifiedRecords?: VerifiedRecord[];
  verifiedAnswers?: VerifiedAnswers;
  /** Explanation (`n{i}`) and rating (`ra{i}`, `rc{i}`) columns, read by the keys the plan computed once. */
  [column: string]: unknown;
}

/**
 * A column of the export. `cell` is built once per export for this column (its field's type, options and position
 * are resolved then), so writing a row is one call per column with no per-cell allocation beyond the cell's text.
 */
interface Column {
  header: string;
  cell: (row: ExportRow) => Cell;
  /** The cell's text is a link: the XLSX makes it a hyperlink. */
  link?: boolean;
  /**
   * The same cell as the CSV that PostgreSQL's COPY writes (`exportQueries(…).csv`): its text (null for no cell) from
   * the statement's row `x`, formula-looking text defused (export-cells.ts).
   */
  sql: SQL;
  /** Computed over all rows in their order (the rank by submission) in the CSV statement's outer select. */
  overRows?: SQL;
}

/** An application's file link, in JavaScript for the rows the server writes and in SQL for the CSV COPY writes. */
export interface FileLink {
  (applicationId: string, fileId: string): string;
  /** The link from the application's id and the file's id (null when the file id is null). */
  sql: (applicationId: SQL, fileId: SQL) => SQL;
}

/**
 * Who exports, for the blindness rule (policies/judgement.ts: others' ratings and video scores, and a score or
 * contribution summing them, stay empty until the exporter gave their own on that subject) and for the text of notes
 * and verdicts (each behind the permission that reads them in the app). Without one (the bench, the golden files)
 * every column is shown whole.
 */
export interface ExportViewer {
  id: number;
  notes: boolean;
  verdicts: boolean;
}

/** The exporter as the export sees them: notes' and verdicts' text only with the permissions that read them. */
export function exportViewerOf(actor: Actor, access: OrganizationAccess, opening: OpeningRow): ExportViewer {
  return {
    id: actor.user.id,
    notes: can(actor, 'candidate.view', { access, opening }),
    verdicts: can(actor, 'shortlist.view', { access, opening }),
  };
}

export interface ExportPlan {
  columns: Column[];
  viewer: ExportViewer | null;
  /** The recipe weighs a judgement and a viewer exports: rows carry which terms the viewer may see. */
  blind: boolean;
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

/**
 * `String(value)` of a parsed JSON value (as `export_json_text` writes it in SQL), without calling the value's own
 * methods: an answer of an unexpected shape may be an object with a "toString" key, on which `String()` throws.
 */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    let text = '';
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      text += (i > 0 ? ',' : '') + (element === null || element === undefined ? '' : valueText(element));
    }
    return text;
  }
  return typeof value === 'object' && value !== null ? '[object Object]' : String(value);
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
        for (let i = 0; i < optionIds.length; i++) text += (i > 0 ? '; ' : '') + label(valueText(optionIds[i]));
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
      return (value) => (empty(value) ? null : valueText(value));
  }
}

/** The columns one leaf question adds: its answer, plus "Other" text and file link columns where they apply. */
function leafColumns(
  field: LeafField,
  header: string,
  read: (row: ExportRow) => AnswerValue | undefined,
  answer: AnswerRef,
  fileLink: FileLink,
): Column[] {
  const cellOf = leafCellOf(field);
  const columns: Column[] = [{ header, cell: (row) => cellOf(read(row)), sql: leafCellSql(field, answer) }];
  const hasOther = (field.type === 'singleChoice' || field.type === 'multipleChoice') && field.allowOther;
  if (hasOther) {
    columns.push({
      header: `${header} (Other)`,
      cell: (row) => {
        const otherText = prop(read(row), 'otherText');
        return typeof otherText === 'string' ? otherText : null;
      },
      sql: otherTextSql(answer),
    });
  }
  if (field.type === 'fileUpload') {
    // A link starts with the public address: never text a spreadsheet would run, never empty (null without a file).
    const link = fileLink.sql(sql`x.id::text`, fileIdSql(answer));
    columns.push({
      header: `${header} (link)`,
      link: true,
      cell: (row) => {
        const fileId = prop(read(row), 'fileId');
        return typeof fileId === 'string' ? fileLink(row.id, fileId) : null;
      },
      sql: link,
    });
  }
  return columns;
}

/** One answer as the spreadsheet (and the "received" mail) shows it. */
export function leafCell(field: LeafField, value: AnswerValue | undefined): Cell | { text: string; link: string } {
  return leafCellOf(field)(value);
}

/**
 * A timestamp as `Date#toISOString()` writes it. PostgreSQL sends UTC timestamps as `2026-11-24 21:52:00.12+00`
 * (trailing zeros of the fraction dropped); those are rewritten in place, which is what the Date round trip gives
 * for them. Anything else (another time zone, more than milliseconds, a Date) takes the Date round trip.
 */
export function isoTimestamp(value: string | Date): string {
  if (typeof value === 'string') {
    const length = value.length;
    // "YYYY-MM-DD HH:MM:SS" (19), then nothing or "." and 1–3 digits, then "+00".
    if (
      length >= 22 &&
      length <= 26 &&
      length !== 23 &&
      value.charCodeAt(10) === 32 &&
      value.charCodeAt(length - 3) === 43 &&
      value.charCodeAt(length - 2) === 48 &&
      value.charCodeAt(length - 1) === 48
    ) {
      const seconds = value.slice(11, 19);
      if (length === 22) return `${value.slice(0, 10)}T${seconds}.000Z`;
      if (value.charCodeAt(19) === 46) {
        const fraction = value.slice(20, length - 3);
        return `${value.slice(0, 10)}T${seconds}.${fraction.length === 3 ? fraction : fraction.length === 2 ? `${fraction}0` : `${fraction}00`}Z`;
      }
    }
  }
  return new Date(value).toISOString();
}

/**
 * Plans the export of an opening's applications — or of one of its shortlists, in the shortlist's order with its
 * position first: every column, and how many rows there will be.
 */
export async function planExport(
  db: Executor,
  openingId: string,
  fileLink: FileLink,
  shortlistId?: string,
  viewer: ExportViewer | null = null,
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
  const [saved, criteria, fields, tasks, [pinned], answeredRemoved, rounds] = await readTogether(db, [
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
    () => removedVideoTasksWithAnswers(db, openingId),
    () => roundsOfOpening(db, openingId),
  ]);
  const ordered = saved !== null || pinned !== undefined || shortlistId !== undefined;
  // The stored ranking, made current as the ranking page makes it (rebuilt under the opening's ranking lock when an
  // input changed since its build): the rows read rank, score and contributions from it, and its recipe is the one
  // the columns follow.
  const build = ordered ? await currentRankingBuild(db, openingId) : null;
  const recipe = build?.recipe ?? null;
  const recipeCriteria = recipe?.criteria ?? [];
  const totalWeight = recipeCriteria.reduce((sum, c) => sum + c.weight, 0);
  // The blindness rule, as the ranking page applies it: a judgement term the exporter has not given their own on is
  // empty, and so is the score that sums it.
  const judged = viewer ? judgementViewer(viewer.id, recipe) : null;
  const blind = judged !== null && (judged.ratingCriterionIds.length > 0 || judged.videoTaskIds.length > 0);
  const termVisible = (criterion: Recipe['criteria'][number], row: ExportRow) =>
    !blind
      ? true
      : criterion.kind === 'rating'
        ? othersJudgementVisible((row.rated_by_viewer ?? []).includes(criterion.criterionId))
        : criterion.kind === 'videoScore'
          ? othersJudgementVisible((row.video_scored_by_viewer ?? []).includes(criterion.taskId))
          : criterion.kind === 'scorecard'
            ? othersJudgementVisible((row.scorecards_seen_by_viewer ?? []).includes(criterion.roundId))
            : true;
  const termVisibleSql = (criterion: Recipe['criteria'][number]): SQL =>
    !blind
      ? sql`true`
      : criterion.kind === 'rating'
        ? sql`(${criterion.criterionId}::text = any(x.rated_by_viewer))`
        : criterion.kind === 'videoScore'
          ? sql`(${criterion.taskId}::text = any(x.video_scored_by_viewer))`
          : criterion.kind === 'scorecard'
            ? sql`(${criterion.roundId}::text = any(x.scorecards_seen_by_viewer))`
            : sql`true`;
  const scoreVisible = (row: ExportRow) => derivedScoreVisible(recipeCriteria.map((c) => termVisible(c, row)));
  const scoreVisibleSql = blind ? sql.join(recipeCriteria.map(termVisibleSql), sql` and `) : sql`true`;
  /** A column whose cell is a row's text as it is, and the same column's SQL (defused for the CSV). */
  const text = (header: string, key: keyof ExportRow & string): Column => ({
    header,
    cell: (row) => row[key] as string | null,
    sql: csvText(sql.raw(`x.${key}`)),
  });
  const columns: Column[] = [
    ...(shortlistId
      ? [
          {
            header: 'Shortlist position',
            cell: (row: ExportRow) => (row.position ?? 0) + 1,
            sql: sql`(coalesce(x.position, 0) + 1)::text`,
          },
        ]
      : []),
    // Ids, states and timestamps are never empty and never start like a formula: their SQL needs no writing.
    { header: 'Application ID', cell: (row) => row.id, sql: sql`x.id::text` },
    text('Name', 'name'),
    text('Email', 'email'),
    { header: 'Status', cell: (row) => row.status, sql: sql`x.status::text` },
    text('Stage', 'stage'),
    text('Stage history', 'stage_history'),
    { header: 'Notes', cell: (row) => Number(row.notes_count), sql: sql`x.notes_count::text` },
    ...(viewer?.notes ? [text('Note text', 'notes_text')] : []),
    ...(viewer?.verdicts ? [text('Share-link verdicts', 'verdicts_text')] : []),
    text('Tags', 'tags'),
    {
      header: 'Rank',
      cell: (row) => row.rank as number | null,
      sql: ordered ? sql`x.rank::text` : sql`null::text`,
      // Nothing reorders the opening: the rank is the submission order, the order the rows come in.
      overRows: ordered ? undefined : sql`(row_number() over (order by s.submitted_at, s.id))::text`,
    },
    {
      header: 'Score',
      cell: recipe ? (row) => (scoreVisible(row) ? Number(row.score) : null) : () => null,
      sql: recipe ? sql`case when ${scoreVisibleSql} then ${floatText(sql`x.score`)} end` : sql`null::text`,
    },
    // Points each recipe criterion gave: its normalised value (`n{i}` of the explanation columns) times its share.
    ...recipeCriteria.map((criterion, i): Column => {
      const key = `n${i}`;
      const weight = criterion.weight;
      const points = sql`coalesce(${sql.raw(`x.${key}`)}, 0) * ${weight}::float8 * 10000 / ${totalWeight}::float8`;
      return {
        header: `Contribution: ${recipeLabelOf(criterion, fields, criteria, tasks, rounds)}`,
        cell: (row) =>
          !termVisible(criterion, row)
            ? null
            : totalWeight > 0
              ? Math.round((Number(row[key] ?? 0) * weight * 10000) / totalWeight) / 100
              : 0,
        sql: sql`case when ${termVisibleSql(criterion)} then ${
          totalWeight > 0 ? floatText(sql`${jsRound(points)} / 100`) : sql`'0'`
        } end`,
      };
    }),
    // Per rating criterion of the opening: the average (none when nobody rated) and how many ratings.
    ...criteria.flatMap((criterion, i): Column[] => {
      const average = `ra${i}`;
      const count = `rc${i}`;
      return [
        {
          header: `Average rating: ${criterion.name}`,
          cell: (row) => {
            const value = row[average];
            return value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;
          },
          sql: floatText(sql`${jsRound(sql.raw(`x.${average} * 100`))} / 100`),
        },
        {
          header: `Ratings: ${criterion.name}`,
          // Hidden (empty) until the exporter rated this criterion, as the average is.
          cell: viewer
            ? (row) => (row[count] === null || row[count] === undefined ? null : Number(row[count]))
            : (row) => Number(row[count] ?? 0),
          sql: viewer ? sql`${sql.raw(`x.${count}`)}::text` : sql`coalesce(${sql.raw(`x.${count}`)}, 0)::text`,
        },
      ];
    }),
    {
      header: 'Submitted at (UTC)',
      cell: (row) => isoTimestamp(row.submitted_at),
      sql: isoText(sql`x.submitted_at`),
    },
    {
      header: 'Last edited at (UTC)',
      cell: (row) => (row.revision > 1 ? isoTimestamp(row.updated_at) : null),
      sql: sql`case when x.revision > 1 then ${isoText(sql`x.updated_at`)} end`,
    },
    { header: 'Edits', cell: (row) => row.revision - 1, sql: sql`(x.revision - 1)::text` },
    { header: 'Form version', cell: (row) => row.form_version, sql: sql`x.form_version::text` },
    // Badges are read beside the statement, for applicants with a live verification decision; COPY writes the CSV
    // only when the opening has none, so its SQL is no cell.
    {
      header: 'Verified records',
      cell: (row) =>
        row.verifiedRecords?.length
          ? row.verifiedRecords
              .map((r) => `${r.title} (verified by ${r.groupName}, ${r.verifiedAt.slice(0, 10)})`)
              .join('; ')
          : null,
      sql: sql`null::text`,
    },
    {
      header: 'Verified answers',
      cell: (row) => {
        const ids = Object.keys(row.verifiedAnswers ?? {});
        return ids.length ? ids.map((id) => labelOf.get(id) ?? id).join('; ') : null;
      },
      sql: sql`null::text`,
    },
  ];
  for (const question of questions) {
    if (question.type !== 'repeatableGroup') {
      const id = question.id;
      columns.push(
        ...leafColumns(question, question.label, (row) => row.answers[id], answerAt(sql`x.answers`, id), fileLink),
      );
      continue;
    }
    const rows = rowCounts.get(question.id) ?? 0;
    const groupId = question.id;
    for (let index = 0; index < rows; index++) {
      // In SQL an index reads an array only (on an object or a scalar `->` gives null, as `Array.isArray` does).
      const entry = sql`(x.answers -> ${groupId}::text -> ${sql.raw(String(index))})`;
      for (const sub of question.fields) {
        const subId = sub.id;
        columns.push(
          ...leafColumns(
            sub,
            `${question.label} #${index + 1}: ${sub.label}`,
            (row) => {
              const list = row.answers[groupId];
              return Array.isArray(list) ? list[index]?.[subId] : undefined;
            },
            answerAt(entry, subId),
            fileLink,
          ),
        );
      }
    }
  }
  // Video tasks: each answer's average score. A column per live task, and per removed task only while it has
  // submitted answers (kept with the opening): tasks made and removed again add nothing (issue 39: 165 columns).
  const answeredRemovedIds = new Set(answeredRemoved.map((row) => row.taskId));
  for (const task of tasks.filter((t) => !t.removed || answeredRemovedIds.has(t.id))) {
    const taskId = task.id;
    columns.push({
      header: `Video: ${task.title} (average score)`,
      cell: (row) => {
        const value = row.video_averages?.[taskId];
        return value === null || value === undefined ? null : Number(value);
      },
      sql: numberText(sql`(x.video_averages ->> ${taskId}::text)::numeric`),
    });
  }
  return {
    shortlistId,
    viewer,
    blind,
    columns,
    total: Number(stats?.total ?? 0),
    definitions: new Map(versions.map((v) => [v.version, v.definition as FormDefinition])),
    ranking: { ordered, recipe, version: build?.version ?? 0, criterionIds: criteria.map((c) => c.id) },
  };
}

/** The opening's removed video tasks that have submitted answers: the only removed ones the export shows. */
function removedVideoTasksWithAnswers(db: Executor, openingId: string) {
  return db
    .selectDistinct({ taskId: videoAnswers.taskId })
    .from(videoAnswers)
    .innerJoin(videoTasks, eq(videoTasks.id, videoAnswers.taskId))
    .where(
      and(eq(videoTasks.openingId, openingId), isNotNull(videoTasks.deletedAt), isNotNull(videoAnswers.submittedAt)),
    );
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

/**
 * A statement's rows in batches, read in one transaction. `chooseRanking` runs first in the transaction and says how
 * the rows get their ranks, by what the transaction sees; `statements.rows` is the statement for it. `prepare` runs on
 * each batch before it crosses, with the transaction for the reads a batch needs (badges), or null when the rows
 * stream through COPY and the connection can take no other statement: `needsReads` says, in the transaction, whether
 * any batch will need them.
 *
 * On PostgreSQL, when no batch needs reads, the rows come through `COPY (…) TO STDOUT` (`copyRows`): one stream, no
 * round trip per batch, no per-row protocol work in the driver (bench/results/hot-paths.md has the figures). With
 * `statements.csv` they come as COPY's own CSV of that statement instead, bytes the server passes on (`copyCsv`).
 * Otherwise, and on PGlite (no COPY stream in its driver), they come through a cursor, a FETCH per batch, and a
 * batch's reads run between FETCHes on the same transaction. Those reads do not take a second connection: on PGlite it
 * would wait for this transaction for ever, and on PostgreSQL exports holding every pooled connection while each
 * waits for one more would wait for ever too.
 */
function statementBatches<T>(
  db: Executor,
  chooseRanking: (tx: Executor) => Promise<ExportRanking>,
  statements: { rows: (ranking: ExportRanking) => SQL; csv?: (ranking: ExportRanking) => SQL },
  prepare: (rows: T[], tx: Executor | null) => Promise<void>,
  needsReads: (tx: Executor) => Promise<boolean>,
): AsyncGenerator<T[] | Buffer> {
  // REPEATABLE READ: every statement of the export sees one snapshot, so the badges a batch reads, and whether any
  // batch needs them (checked before the rows stream), agree with the rows.
  return handedOver<T[] | Buffer>((give) =>
    db.transaction(
      async (tx) => {
        // First, before any setting: the statement is chosen by what the transaction reads.
        const ranking = await chooseRanking(tx);
        // The statement reads a whole opening once: PostgreSQL's JIT compiler, which its cost estimate sets off, spends
        // more time compiling (~1.5 s at 100 000 rows) than it saves, and the sorts fit in memory with a larger budget.
        // Numbers are float8's shortest text whatever the server's default, as the CSV's cells need (export-cells.ts).
        // The settings end with this transaction (PGlite has no JIT and takes that one as a no-op).
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local work_mem = '64MB'`);
        await tx.execute(sql`set local extra_float_digits = 1`);
        // COPY only on the pool's own connection: a caller's transaction would share it with the caller's statements.
        const client = pgClientOf(db) ? null : pgClientOf(tx);
        if (client && !(await needsReads(tx))) {
          if (statements.csv) {
            for await (const chunk of copyCsv(client, withValuesInline(statements.csv(ranking)))) {
              if (!(await give(chunk))) break;
            }
            return;
          }
          for await (const rows of copyRows(client, withValuesInline(statements.rows(ranking)), COPY_BATCH)) {
            await prepare(rows as T[], null);
            if (!(await give(rows as T[]))) break;
          }
          return;
        }
        await tx.execute(sql`declare export_rows no scroll cursor for ${statements.rows(ranking)}`);
        const fetch = sql.raw(`fetch forward ${BATCH} from export_rows`);
        for (;;) {
          const result = await tx.execute(fetch);
          const rows = (result as unknown as { rows: T[] }).rows;
          if (rows.length === 0) break;
          await prepare(rows, tx);
          if (!(await give(rows))) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}

/** How the rows get rank, score and n{i}: from the stored ranking, from the ranking statement, or none. */
export type ExportRanking = 'stored' | 'computed' | 'plain';

/**
 * The export's statements for a plan (see `applicationRows`): its rows, and their CSV as COPY writes it; and the
 * applicants whose badges its rows need. Exported for the bench, which runs the same statements under COPY as
 * baselines.
 */
export function exportQueries(openingId: string, plan: ExportPlan) {
  const { recipe, criterionIds } = plan.ranking;
  const { shortlistId } = plan;
  const criteriaCount = recipe?.criteria.length ?? 0;
  const { viewer } = plan;
  const ratingColumns = criterionIds.flatMap((id, i) => [
    sql`avg(r.score) filter (where r.criterion_id = ${id}::uuid)::float8 as ${sql.raw(`ra${i}`)}`,
    sql`count(*) filter (where r.criterion_id = ${id}::uuid) as ${sql.raw(`rc${i}`)}`,
    // The exporter's own rating on this criterion is among them: only then are the others' shown (judgement.ts).
    ...(viewer
      ? [
          sql`coalesce(bool_or(r.rater_id = ${viewer.id}::bigint) filter (where r.criterion_id = ${id}::uuid), false)
            as ${sql.raw(`ro${i}`)}`,
        ]
      : []),
  ]);
  const ratingSelect = criterionIds.flatMap((_, i) =>
    viewer
      ? [
          sql.raw(`case when ra.ro${i} then ra.ra${i} end as ra${i}`),
          sql.raw(`case when ra.ro${i} then ra.rc${i} end as rc${i}`),
        ]
      : [sql.raw(`ra.ra${i}`), sql.raw(`ra.rc${i}`)],
  );
  const judgementColumns = plan.blind
    ? viewerJudgementColumns(judgementViewer(viewer?.id ?? null, recipe), sql`a.id`, sql`a.applicant_id`)
    : null;
  // A video answer's average only to a viewer who scored it (no viewer: the bench and golden files see all).
  const videoAverage = sql`(select round(avg(s.score)::numeric, 2) from video_scores s where s.answer_id = va.id
            and ${onCurrentRubric('vt', 's')})`;
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
  /** The rows of the opening (or shortlist) for a ranking, without their order. */
  const rowsSelect = (ranking: ExportRanking) => sql`
    select a.id, a.applicant_id, coalesce(ip.name, u.name) as name, u.email, a.status, os.name as stage,
      sm.stage_history, coalesce(nc.notes_count, 0) as notes_count, tg.tags,
      ${ranking === 'plain' ? sql`null::int as rank, 0::float8 as score` : sql`case when o.pin_group < 3 then o.position end as rank, o.score`},
      a.submitted_at, a.updated_at, a.revision, a.form_version, a.answers,
      rv.subject_user_id is not null as has_verifications,
      vid.video_averages,
      ${shortlistId ? sql`se.position` : sql`null::int`} as position
      ${viewer?.notes ? sql`, nc.notes_text` : sql``}
      ${viewer?.verdicts ? sql`, vd.verdicts_text` : sql``}
      ${
        judgementColumns
          ? sql`, ${judgementColumns.ratedByViewer} as rated_by_viewer,
              ${judgementColumns.videoScoredByViewer} as video_scored_by_viewer,
              ${judgementColumns.scorecardsSeenByViewer} as scorecards_seen_by_viewer`
          : sql``
      }
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
        ${
          viewer?.notes
            ? sql`, string_agg(coalesce((select coalesce(nip.name, nu.name) from users nu
                  left join individual_profiles nip on nip.user_id = nu.id where nu.id = n.author_id), 'Former member')
                || ' (' || to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD') || '): ' || n.body,
                E'\n\n' order by n.created_at, n.id) as notes_text`
            : sql``
        }
        from application_notes n where n.opening_id = ${openingId}::uuid
        group by n.application_id) nc on nc.application_id = a.id
    ${
      viewer?.verdicts
        ? sql`left join (select sv.application_id, string_agg(sv.visitor_name
              || coalesce(' <' || sv.visitor_email || '>', '')
              || coalesce(' (' || l.label || ')', '') || ': '
              || case sv.verdict when 'yes' then 'Yes' when 'maybe' then 'Maybe' else 'No' end
              || coalesce(' — ' || sv.comment, ''), E'\n' order by sv.updated_at, sv.id) as verdicts_text
            from shortlist_verdicts sv join share_links l on l.id = sv.link_id
            join shortlists sl on sl.id = l.shortlist_id
            where sl.opening_id = ${openingId}::uuid
            group by sv.application_id) vd on vd.application_id = a.id`
        : sql``
    }
    left join (select link.application_id, string_agg(t.name, '; ' order by lower(t.name)) as tags
        from application_tags link join candidate_tags t on t.id = link.tag_id
        where link.opening_id = ${openingId}::uuid
        group by link.application_id) tg on tg.application_id = a.id
    left join (select distinct v.subject_user_id ${vouchedApplicants}) rv on rv.subject_user_id = a.applicant_id
    left join (select va.candidate_id, jsonb_object_agg(va.task_id,
          ${viewer ? sql`case when ${ownVideoScoreGivenSql(sql`va.id`, viewer.id)} then ${videoAverage} end` : videoAverage})
          as video_averages
        from video_answers va join video_tasks vt on vt.id = va.task_id
        where vt.opening_id = ${openingId}::uuid and va.submitted_at is not null
        group by va.candidate_id) vid on vid.candidate_id = a.applicant_id
    ${criterionIds.length > 0 ? sql`left join rating_averages ra on ra.application_id = a.id` : sql``}
    ${shortlistId ? sql`join shortlist_entries se on se.application_id = a.id and se.shortlist_id = ${shortlistId}::uuid` : sql``}
    ${ranking === 'computed' ? sql`` : sql`where a.opening_id = ${openingId}::uuid`}`;
  const query = (ranking: ExportRanking) => sql`${withClause(ranking)} ${rowsSelect(ranking)}
    order by ${shortlistId ? sql`se.position` : sql`a.submitted_at, a.id`}`;
  /**
   * The CSV of the same rows, as COPY writes it: one cell per column (`column.sql`), computed in a subquery that
   * PostgreSQL may not merge into the outer select (`offset 0`), so that its parallel workers compute the cells; only
   * what needs every row in order (the rank by submission) is left to the outer select, which runs in one process.
   * Computed there, above the sort, the cells took half again as long (hot-paths.md, 2026-11-27 22:57 UTC on).
   */
  const csv = (ranking: ExportRanking) => {
    const cells = plan.columns.map((column, i) => sql`${column.sql} as ${sql.raw(`c${i}`)}`);
    const outer = plan.columns.map((column, i) =>
      column.overRows ? sql`${column.overRows} as ${sql.raw(`c${i}`)}` : sql.raw(`s.c${i}`),
    );
    return sql`${withClause(ranking)}
      select ${sql.join(outer, sql`, `)}
      from (select ${sql.join(cells, sql`, `)}, x.submitted_at, x.id, x.position
        from (${rowsSelect(ranking)}) x offset 0) s
      order by ${shortlistId ? sql`s.position` : sql`s.submitted_at, s.id`}`;
  };
  return { query, csv, vouchedApplicants };
}

/**
 * The opening's applications, oldest first (or a shortlist's, in its order), in bounded batches from one statement, with
 * the average ratings per criterion beside them. Rank, score and each criterion's normalised value are read by key
 * from the stored ranking the plan made current (no ranking statement: raw values, opening-wide ranges and the window
 * over every application are what made the ranked export slow). The statement's transaction is REPEATABLE READ and
 * first checks that the stored ranking is still the plan's: then every row it reads is of that one build and the
 * applications it was built from. When an input changed in between (a submit, a rating), the rows run the ranking
 * statement with the plan's recipe instead (one statement: its ranks are those of the data it reads), so a file never
 * mixes a stale ranking with newer applications. Stage, stage history, notes, tags, badges and video scores are
 * joined from one aggregate each over the opening (not a subquery per row: most applications have none of them, and
 * a correlated subquery costs its set-up on every row).
 */
async function* applicationRows(
  db: Executor,
  openingId: string,
  plan: ExportPlan,
  format: ExportFormat,
): AsyncGenerator<ExportRow[] | Buffer> {
  const { ordered, version } = plan.ranking;
  const { query, csv, vouchedApplicants } = exportQueries(openingId, plan);
  // Without a reordering the rank is the submission order, which is the order the rows come in.
  let submitted = 0;
  const prepare = async (rows: ExportRow[], tx: Executor | null) => {
    for (const row of rows) {
      submitted += 1;
      row.rank = ordered ? (row.rank === null ? null : Number(row.rank)) : submitted;
    }
    // Badges need a live verification decision: a batch without one skips the lookup.
    const vouched = rows.filter((row) => row.has_verifications);
    if (vouched.length === 0) return;
    if (!tx) throw new Error('Badges are needed but the rows came through COPY: needsReads must have said so');
    const verifications = await loadApplicantVerifications(
      tx,
      vouched.map((row) => Number(row.applicant_id)),
    );
    for (const row of vouched) {
      const verification = verifications.get(Number(row.applicant_id));
      row.verifiedRecords = verification?.records ?? [];
      row.verifiedAnswers = verifiedAnswersFor(plan.definitions.get(row.form_version), row.answers, verification);
    }
  };
  const chooseRanking = async (tx: Executor): Promise<ExportRanking> =>
    ordered ? ((await storedRankingIsAt(tx, openingId, version)) ? 'stored' : 'computed') : 'plain';
  // Badges are read per batch: an opening with no live verification decision needs no reads beside the rows.
  const needsReads = async (tx: Executor) => {
    const result = await tx.execute(sql`select exists(select 1 ${vouchedApplicants}) as vouched`);
    return Boolean((result as unknown as { rows: { vouched: boolean }[] }).rows[0]?.vouched);
  };
  // The CSV through COPY is PostgreSQL's own: the server passes its bytes on instead of parsing and writing every row.
  const statements = format === 'csv' ? { rows: query, csv } : { rows: query };
  yield* statementBatches<ExportRow>(db, chooseRanking, statements, prepare, needsReads);
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

/**
 * Streams the CSV (UTF-8 with a byte-order mark, so spreadsheet programs read non-Latin names right; records end in
 * CRLF). Through COPY the rows are PostgreSQL's own CSV, passed on with their record ends made CRLF.
 */
export function csvStream(db: Executor, openingId: string, plan: ExportPlan): Readable {
  const cells = plan.columns.map((column) => column.cell);
  const count = cells.length;
  async function* lines() {
    yield `\uFEFF${plan.columns.map((column) => csvField(column.header)).join(',')}\r\n`;
    const lineEnds = new CsvLineEnds();
    // One piece per batch, written once: the stream's backpressure holds the next batch back.
    for await (const batch of applicationRows(db, openingId, plan, 'csv')) {
      if (Buffer.isBuffer(batch)) {
        yield lineEnds.crlf(batch);
        continue;
      }
      let text = '';
      for (const row of batch) {
        for (let i = 0; i < count; i++) {
          if (i > 0) text += ',';
          text += csvField((cells[i] as Column['cell'])(row));
        }
        text += '\r\n';
      }
      yield text;
    }
  }
  return Readable.from(lines());
}

/** Streams an XLSX workbook: one sheet, a bold frozen header row, file links as hyperlinks. */
export function xlsxStream(db: Executor, openingId: string, plan: ExportPlan, sheetName: string): Readable {
  return writeXlsx<ExportRow>({
    name: sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Applications',
    columns: plan.columns.map((column) => ({
      header: column.header,
      width: Math.min(40, Math.max(12, column.header.length + 2)),
      cell: column.cell,
      link: column.link ?? false,
    })),
    rows: applicationRows(db, openingId, plan, 'xlsx') as AsyncGenerator<ExportRow[]>,
  });
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
