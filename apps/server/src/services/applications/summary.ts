import {
  type ApplicationFilter,
  FORM_SUMMARY_LIMITS,
  type FormDefinition,
  type FormField,
  type FormSummary,
  OTHER_OPTION_ID,
  type QuestionSummary,
  type SummaryBar,
} from '@placely/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications } from '../../db/schema';
import { applicationFilterConditions } from '../shortlisting/filters';
import { isContactField } from './contacts';

/** How a question is summarised in SQL (`kind` in the statement's list of questions). */
type SummaryKind = 'choice' | 'number' | 'scale' | 'text' | 'file' | 'answered';

function kindOf(field: FormField): SummaryKind {
  switch (field.type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'dropdown':
    case 'yesNo':
      return 'choice';
    case 'number':
      return 'number';
    case 'linearScale':
      return 'scale';
    case 'shortText':
      return 'text';
    case 'fileUpload':
      return 'file';
    default:
      return 'answered';
  }
}

/** The questions a summary covers: every top-level question of the form, in its order. */
export function summaryQuestionsOf(definition: FormDefinition | null): FormField[] {
  return definition ? definition.sections.flatMap((section) => section.fields) : [];
}

export type KnockoutFilter = 'all' | 'passing' | 'knockedOut';

/** The applications a summary counts: the opening's, under the responses table's filters and the knock-outs. */
export function summaryMatching(openingId: string | SQL, filter: ApplicationFilter, knockouts: KnockoutFilter): SQL {
  const knockedOut = sql`exists (select 1 from opening_rankings r where r.application_id = ${applications.id} and r.pin_group = 3)`;
  return (
    and(
      eq(applications.openingId, openingId as string),
      ...applicationFilterConditions(filter),
      knockouts === 'knockedOut' ? knockedOut : knockouts === 'passing' ? sql`not ${knockedOut}` : undefined,
    ) ?? sql`true`
  );
}

/** One question as the statement summarises it: its kind, and for choices the buckets counted. */
export interface SummaryQuestion {
  id: string;
  kind: SummaryKind;
  /** Choice buckets (option ids, `true`/`false`, `__other__`); scale points for a linear scale. */
  buckets: string[];
  /** A multiple choice: buckets are members of `optionIds`. */
  multi: boolean;
}

/** The bars of a choice question (in the form's order) or the points of a scale. */
function bucketsOf(field: FormField): { key: string; label: string }[] {
  if (field.type === 'yesNo') {
    return [
      { key: 'true', label: 'Yes' },
      { key: 'false', label: 'No' },
    ];
  }
  if (field.type === 'linearScale') {
    const points = [];
    for (let point = field.scaleMin; point <= field.scaleMax; point++)
      points.push({ key: String(point), label: String(point) });
    return points;
  }
  if (field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'dropdown') {
    const options = field.options.map((option) => ({ key: option.id, label: option.label }));
    if (field.type !== 'dropdown' && field.allowOther) options.push({ key: OTHER_OPTION_ID, label: 'Other' });
    return options;
  }
  return [];
}

/** What the statement computes for a form: every top-level question (contact questions only counted when hidden). */
export function summaryPlanOf(definition: FormDefinition | null, hideContacts: boolean): SummaryQuestion[] {
  return summaryQuestionsOf(definition).map((field) => {
    const kind = hideContacts && isContactField(field) ? 'answered' : kindOf(field);
    return {
      id: field.id,
      kind,
      buckets: kind === 'choice' || kind === 'scale' ? bucketsOf(field).map((bucket) => bucket.key) : [],
      multi: field.type === 'multipleChoice',
    };
  });
}

/**
 * The whole summary in one statement. Most figures come from ONE scan of the matching applications into one row of
 * filtered aggregates (`agg`: the total, each question's answered count, every choice bar and scale point, each
 * number's statistics, file counts), unpivoted into rows; beside it, grouped reads of one value each: submissions
 * per day, each number's bins (against its statistics) and each short text's most frequent answers. Nothing wide is
 * sorted or materialized (a row per question and answer spilled to disk and took seconds at 100 000).
 * Rows are (kind, key, bucket, n, lo, hi, mean, median). `bench/scenarios/forms.ts` runs this same statement.
 */
export function formSummaryStatement(matching: SQL, questions: SummaryQuestion[]): SQL {
  const answers = sql`${applications.answers}`;
  const columns: SQL[] = [sql`count(*)::float8 as c0`];
  const rows: SQL[] = [
    sql`('total', null::text, null::text, agg.c0, null::float8, null::float8, null::float8, null::float8)`,
  ];
  const others: SQL[] = [];
  const bins = FORM_SUMMARY_LIMITS.histogramBins;
  const top = FORM_SUMMARY_LIMITS.topAnswers;
  questions.forEach((question, q) => {
    const value = sql`(${answers} -> ${question.id}::text)`;
    const column = (name: string, expression: SQL) => {
      const alias = sql.raw(`q${q}_${name}`);
      columns.push(sql`${expression} as ${alias}`);
      return sql`agg.${alias}`;
    };
    const answered = column(
      'answered',
      sql`count(*) filter (where ${value} is not null
        and ${value} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))::float8`,
    );
    rows.push(sql`('answered', ${question.id}::text, null, ${answered}, null, null, null, null)`);
    if (question.kind === 'choice') {
      question.buckets.forEach((bucket, b) => {
        const chosen = question.multi
          ? sql`coalesce(${value} -> 'optionIds', '[]'::jsonb) ? ${bucket}::text`
          : sql`coalesce(${value} ->> 'optionId', case when jsonb_typeof(${value}) in ('string', 'boolean')
              then ${value} #>> '{}' end) = ${bucket}::text`;
        const n = column(`b${b}`, sql`count(*) filter (where ${chosen})::float8`);
        rows.push(sql`('bar', ${question.id}::text, ${bucket}::text, ${n}, null, null, null, null)`);
      });
    }
    if (question.kind === 'number' || question.kind === 'scale') {
      const x = sql`(case when jsonb_typeof(${value}) = 'number' then (${value} #>> '{}')::float8 end)`;
      const lo = column('lo', sql`min(${x})`);
      const hi = column('hi', sql`max(${x})`);
      const mean = column('mean', sql`avg(${x})`);
      const median = column('median', sql`percentile_cont(0.5) within group (order by ${x})`);
      rows.push(sql`('stats', ${question.id}::text, null, null, ${lo}, ${hi}, ${mean}, ${median})`);
      if (question.kind === 'scale') {
        question.buckets.forEach((point, b) => {
          const n = column(`p${b}`, sql`count(*) filter (where ${x} = ${Number(point)}::float8)::float8`);
          rows.push(sql`('bin', ${question.id}::text, ${point}::text, ${n}, null, null, null, null)`);
        });
      } else {
        others.push(sql`select 'bin', ${question.id}::text,
            (case when agg.${sql.raw(`q${q}_hi`)} > agg.${sql.raw(`q${q}_lo`)}
              then least(width_bucket(${x}, agg.${sql.raw(`q${q}_lo`)}, agg.${sql.raw(`q${q}_hi`)}, ${bins}), ${bins})
              else 1 end)::text,
            count(*)::float8, null::float8, null::float8, null::float8, null::float8
          from ${applications} cross join agg where ${matching} and ${x} is not null group by 3`);
      }
    }
    if (question.kind === 'text') {
      const text = sql`trim(${value} #>> '{}')`;
      // The texts are picked out first (`offset 0` keeps it a subquery), so grouping sorts them, not whole rows.
      others.push(sql`select * from (select 'text', ${question.id}::text, min(t collate "C"), count(*)::float8,
            null::float8, null::float8, null::float8, null::float8
          from (select ${text} as t from ${applications}
            where ${matching} and jsonb_typeof(${value}) = 'string' offset 0) texts
          where t <> ''
          group by lower(t) collate "C"
          order by count(*) desc, lower(t) collate "C" limit ${top}) top_texts`);
    }
    if (question.kind === 'file') {
      const n = column(
        'files',
        sql`count(*) filter (where jsonb_typeof(${value}) = 'object' and ${value} ? 'fileId')::float8`,
      );
      rows.push(sql`('files', ${question.id}::text, null, ${n}, null, null, null, null)`);
    }
  });
  const parts = [
    sql`select v.* from agg cross join lateral (values ${sql.join(rows, sql`, `)}) as v(kind, key, bucket, n, lo, hi, mean, median)`,
    sql`select 'day', null, to_char(${applications.submittedAt} at time zone 'UTC', 'YYYY-MM-DD'), count(*)::float8,
        null, null, null, null
      from ${applications} where ${matching} group by 3`,
    ...others,
  ];
  return sql`with agg as (select ${sql.join(columns, sql`, `)} from ${applications} where ${matching})
    ${sql.join(
      parts.map((part) => sql`(${part})`),
      sql` union all `,
    )}`;
}

export interface SummaryRow {
  kind: string;
  key: string | null;
  bucket: string | null;
  n: number | string | null;
  lo: number | string | null;
  hi: number | string | null;
  mean: number | string | null;
  median: number | string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** The statement's rows as the Summary tab's figures, question by question in the form's order. */
export function summaryFromRows(
  definition: FormDefinition | null,
  formVersion: number | null,
  rows: SummaryRow[],
  hideContacts = false,
): FormSummary {
  const byKey = new Map<string, SummaryRow[]>();
  let total = 0;
  const days: FormSummary['days'] = [];
  for (const row of rows) {
    if (row.kind === 'total') total = Number(row.n ?? 0);
    else if (row.kind === 'day' && row.bucket) days.push({ day: row.bucket, count: Number(row.n ?? 0) });
    else if (row.key !== null) {
      const list = byKey.get(row.key) ?? [];
      list.push(row);
      byKey.set(row.key, list);
    }
  }
  days.sort((a, b) => a.day.localeCompare(b.day));
  const questions = summaryQuestionsOf(definition).map((field): QuestionSummary => {
    const own = byKey.get(field.id) ?? [];
    const of = (kind: string) => own.filter((row) => row.kind === kind);
    const countOf = (kind: string, bucket?: string) =>
      Number(own.find((row) => row.kind === kind && (bucket === undefined || row.bucket === bucket))?.n ?? 0);
    const summary: QuestionSummary = {
      fieldId: field.id,
      label: field.label,
      type: field.type,
      answered: countOf('answered'),
      bars: null,
      histogram: null,
      mean: null,
      median: null,
      min: null,
      max: null,
      topAnswers: null,
      files: null,
    };
    const kind = hideContacts && isContactField(field) ? 'answered' : kindOf(field);
    if (kind === 'choice') {
      summary.bars = bucketsOf(field).map((bucket): SummaryBar => ({ ...bucket, count: countOf('bar', bucket.key) }));
    } else if (kind === 'number' || kind === 'scale') {
      const stats = of('stats')[0];
      summary.mean = num(stats?.mean ?? null);
      summary.median = num(stats?.median ?? null);
      summary.min = num(stats?.lo ?? null);
      summary.max = num(stats?.hi ?? null);
      if (field.type === 'linearScale') {
        summary.histogram = [];
        for (let point = field.scaleMin; point <= field.scaleMax; point++) {
          summary.histogram.push({ from: point, to: point, count: countOf('bin', String(point)) });
        }
      } else if (summary.min !== null && summary.max !== null) {
        const { min, max } = summary;
        const bins = max > min ? FORM_SUMMARY_LIMITS.histogramBins : 1;
        const width = (max - min) / bins;
        summary.histogram = Array.from({ length: bins }, (_, i) => ({
          from: min + i * width,
          to: i === bins - 1 ? max : min + (i + 1) * width,
          count: countOf('bin', String(i + 1)),
        }));
      } else summary.histogram = [];
    } else if (kind === 'text') {
      summary.topAnswers = of('text')
        .map((row) => ({ text: row.bucket ?? '', count: Number(row.n ?? 0) }))
        .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
    } else if (kind === 'file') {
      summary.files = countOf('files');
    }
    return summary;
  });
  return { total, days: days.slice(-FORM_SUMMARY_LIMITS.days), questions, formVersion };
}

/** The summary of an opening's applications under a filter: one aggregate statement. */
export async function formSummary(
  db: Executor,
  input: {
    openingId: string;
    definition: FormDefinition | null;
    formVersion: number | null;
    filter: ApplicationFilter;
    knockouts: KnockoutFilter;
    /** A reviewer without contact details: contact questions are counted, their answers never listed. */
    hideContacts: boolean;
  },
): Promise<FormSummary> {
  const questions = summaryPlanOf(input.definition, input.hideContacts);
  const statement = formSummaryStatement(summaryMatching(input.openingId, input.filter, input.knockouts), questions);
  const result = (await db.execute(statement)) as unknown as { rows: SummaryRow[] };
  return summaryFromRows(input.definition, input.formVersion, result.rows, input.hideContacts);
}
