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

/**
 * The whole summary in one statement: the matching applications once (`m`), each summarised question's answer
 * picked by key (`e`, empty answers left out), then one group of rows per figure — the total, submissions per day,
 * answered counts, choice bars, number statistics and bins, scale points, the most frequent short texts and files.
 * Rows are (kind, key, bucket, n, lo, hi, mean, median). `bench/scenarios/forms.ts` runs this same statement.
 */
export function formSummaryStatement(matching: SQL, questions: { id: string; kind: SummaryKind }[]): SQL {
  const list =
    questions.length > 0
      ? sql.join(
          questions.map((q) => sql`(${q.id}::text, ${q.kind}::text)`),
          sql`, `,
        )
      : sql`(null::text, null::text)`;
  const bins = FORM_SUMMARY_LIMITS.histogramBins;
  const top = FORM_SUMMARY_LIMITS.topAnswers;
  return sql`with m as materialized (
      select ${applications.answers} as answers, ${applications.submittedAt} as submitted_at
      from ${applications} where ${matching}
    ),
    q(key, kind) as (values ${list}),
    e as materialized (
      select q.key, q.kind, m.answers -> q.key as value from m cross join q
      where q.key is not null and m.answers ? q.key
        and (m.answers -> q.key) not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)
    ),
    nums as (
      select e.key, e.kind, (e.value #>> '{}')::float8 as x from e
      where e.kind in ('number', 'scale') and jsonb_typeof(e.value) = 'number'
    ),
    stats as (
      select nums.key, min(x) as lo, max(x) as hi, avg(x) as mean,
        percentile_cont(0.5) within group (order by x) as median
      from nums group by nums.key
    ),
    texts as (
      select e.key, lower(trim(e.value #>> '{}')) collate "C" as folded, min(trim(e.value #>> '{}') collate "C") as label,
        count(*) as n
      from e where e.kind = 'text' and jsonb_typeof(e.value) = 'string' and trim(e.value #>> '{}') <> ''
      group by e.key, lower(trim(e.value #>> '{}'))
    ),
    ranked_texts as (
      select texts.*, row_number() over (partition by texts.key order by texts.n desc, texts.folded) as r from texts
    )
    select 'total' as kind, null::text as key, null::text as bucket, count(*)::float8 as n,
      null::float8 as lo, null::float8 as hi, null::float8 as mean, null::float8 as median from m
    union all
    select 'day', null, to_char(m.submitted_at at time zone 'UTC', 'YYYY-MM-DD'), count(*), null, null, null, null
      from m group by 3
    union all
    select 'answered', e.key, null, count(*), null, null, null, null from e group by e.key
    union all
    select 'bar', e.key, c.bucket, count(*), null, null, null, null from e cross join lateral (
        select e.value ->> 'optionId' as bucket where jsonb_typeof(e.value) = 'object' and e.value ? 'optionId'
        union all
        select o.bucket from jsonb_array_elements_text(
          case when jsonb_typeof(e.value) = 'object' and jsonb_typeof(e.value -> 'optionIds') = 'array'
            then e.value -> 'optionIds' else '[]'::jsonb end) as o(bucket)
        union all
        select e.value #>> '{}' where jsonb_typeof(e.value) in ('boolean', 'string')
      ) c
      where e.kind = 'choice' group by e.key, c.bucket
    union all
    select 'stats', stats.key, null, null, lo, hi, mean, median from stats
    union all
    select 'bin', nums.key,
      (case when nums.kind = 'scale' then round(nums.x)::bigint
        when stats.hi > stats.lo then least(width_bucket(nums.x, stats.lo, stats.hi, ${bins}), ${bins})
        else 1 end)::text,
      count(*), null, null, null, null
      from nums join stats on stats.key = nums.key group by nums.key, 3
    union all
    select 'text', key, label, n, null, null, null, null from ranked_texts where r <= ${top}
    union all
    select 'files', e.key, null, count(*), null, null, null, null from e
      where e.kind = 'file' and jsonb_typeof(e.value) = 'object' and e.value ? 'fileId' group by e.key`;
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
      const options: { key: string; label: string }[] =
        field.type === 'yesNo'
          ? [
              { key: 'true', label: 'Yes' },
              { key: 'false', label: 'No' },
            ]
          : 'options' in field
            ? field.options.map((option) => ({ key: option.id, label: option.label }))
            : [];
      if ('allowOther' in field && field.allowOther) options.push({ key: OTHER_OPTION_ID, label: 'Other' });
      summary.bars = options.map((option): SummaryBar => ({ ...option, count: countOf('bar', option.key) }));
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
  const questions = summaryQuestionsOf(input.definition).map((field) => ({
    id: field.id,
    kind: input.hideContacts && isContactField(field) ? ('answered' as const) : kindOf(field),
  }));
  const statement = formSummaryStatement(summaryMatching(input.openingId, input.filter, input.knockouts), questions);
  const result = (await db.execute(statement)) as unknown as { rows: SummaryRow[] };
  return summaryFromRows(input.definition, input.formVersion, result.rows, input.hideContacts);
}
