import { fieldTypeSchema } from './form';
import { RANKING_SHOW } from './ranking';
import { applicationFilterSchema } from './shortlisting';
import * as z from './zod';

/**
 * The responses' Summary tab (issue 43): per question of the opening's current form, figures computed in SQL over
 * every application matching the filter (not the loaded page).
 */
export const FORM_SUMMARY_LIMITS = {
  /** Most frequent short-text answers listed per question. */
  topAnswers: 10,
  /** Bars of a number question's histogram (a linear scale has one bar per point instead). */
  histogramBins: 10,
  /** Days of the submissions timeline (the latest ones). */
  days: 366,
} as const;

/** GET /api/organization/openings/id/applications/summary?id=&<the responses table's filters>&knockouts= */
export const formSummaryQuerySchema = z.strictObject({
  id: z.uuid('Not an opening id'),
  ...applicationFilterSchema.shape,
  /** The ranking's knock-outs: everyone, only those no knock-out excluded, or only the excluded. */
  knockouts: z.enum(RANKING_SHOW).default('all'),
});
export type FormSummaryQuery = z.input<typeof formSummaryQuerySchema>;

const count = z.number().int().min(0);

export const summaryBarSchema = z.object({
  /** An option id, `true`/`false` for yes/no, `__other__` for "Other", or a scale point. */
  key: z.string(),
  label: z.string(),
  count,
});
export type SummaryBar = z.infer<typeof summaryBarSchema>;

export const summaryBinSchema = z.object({
  /** Inclusive lower bound; the last bin includes its upper bound too. */
  from: z.number(),
  to: z.number(),
  count,
});
export type SummaryBin = z.infer<typeof summaryBinSchema>;

export const questionSummarySchema = z
  .object({
    fieldId: z.string(),
    label: z.string(),
    type: fieldTypeSchema,
    /** Responses (of those matching) that answered it. */
    answered: count,
    /** Choice, dropdown and yes/no: one bar per option, in the form's order (a person may pick several). */
    bars: z.array(summaryBarSchema).nullable(),
    /** Numbers and linear scales. */
    histogram: z.array(summaryBinSchema).nullable(),
    mean: z.number().nullable(),
    median: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** Short text: the most frequent answers (compared trimmed and case-folded), most first. */
    topAnswers: z.array(z.object({ text: z.string(), count })).nullable(),
    /** File questions: how many files were sent. */
    files: count.nullable(),
  })
  .meta({ id: 'QuestionSummary' });
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const formSummarySchema = z
  .object({
    /** Applications matching the filter. */
    total: count,
    /** Submissions per day (UTC), oldest first, days without any left out. */
    days: z.array(z.object({ day: z.iso.date(), count })),
    questions: z.array(questionSummarySchema),
    /** The form version whose questions are summarised (null: the opening has no form). */
    formVersion: z.number().int().nullable(),
  })
  .meta({ id: 'FormSummary' });
export type FormSummary = z.infer<typeof formSummarySchema>;

/** The percentage of `part` in `whole`, rounded, for text summaries ("62 % chose Backend"). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** One sentence saying what a question's chart shows (the chart's text alternative). */
export function summarySentence(question: QuestionSummary, total: number): string {
  const answered = `${question.answered} of ${total} answered`;
  if (question.bars) {
    const top = [...question.bars].sort((a, b) => b.count - a.count)[0];
    if (!top || top.count === 0) return `${answered}.`;
    return `${answered}; most chose ${top.label} (${top.count}, ${percentOf(top.count, question.answered)} %).`;
  }
  if (question.histogram) {
    if (question.mean === null) return `${answered}.`;
    const round = (n: number | null) => (n === null ? '–' : String(Math.round(n * 100) / 100));
    return `${answered}; mean ${round(question.mean)}, median ${round(question.median)}, from ${round(question.min)} to ${round(question.max)}.`;
  }
  if (question.topAnswers) {
    const top = question.topAnswers[0];
    return top ? `${answered}; most often “${top.text}” (${top.count}).` : `${answered}.`;
  }
  if (question.files !== null) return `${answered}; ${question.files} ${question.files === 1 ? 'file' : 'files'}.`;
  return `${answered}.`;
}
