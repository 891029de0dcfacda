import { EXPORT_FORMATS } from './application';
import * as z from './zod';

/**
 * A placement cycle's statistics (issue 41, "Statistics and reports"): the placement cell's dashboard, computed in
 * SQL over the cycle (apps/server/src/services/placement/statistics.ts). Only the cell sees them. The words of each
 * figure — what counts as eligible, placed, in flight — are `STATISTICS_DEFINITIONS`, shown beside the figures and
 * written into the exports, so a number in an annual report can be traced to its rule.
 */
export const STATISTICS_DEFINITIONS = {
  enrolled:
    'Every student enrolled in the cycle, whatever their status (pending enrolments of people without an account too).',
  eligible: 'Enrolled students taking part in the season: status available or placed (not opted out, not debarred).',
  applied: 'Enrolled students with at least one application (not withdrawn) to an opening of the cycle.',
  placed: 'Enrolled students with status placed or an accepted offer in the cycle.',
  unplaced: 'Eligible students who are not placed.',
  offers: 'Offers made in the cycle, other than withdrawn or rescinded ones; accepted counts the accepted ones.',
  tiers:
    "Offers by the tiers of the cycle's policy, judged on the CTC per year (a month's figure × 12); one tier when the policy has none.",
  ctc: 'Highest, median and mean CTC per year of accepted offers, per currency (a month’s figure × 12; a total as it is).',
  registered: 'Companies that asked to recruit in the cycle or were invited, whatever the decision.',
  visited: 'Approved companies with an approved opening in the cycle that received at least one application.',
  inFlight:
    'Applications not withdrawn, in a stage before Hired (not rejected), without an offer or with an offer still pending.',
  higherStudies: 'Students who opted out of the cycle giving higher studies as the reason.',
} as const;

/** One tier of the cycle's policy, or the only tier ("All offers") when the policy has none. */
export const PLACEMENT_SINGLE_TIER = 'All offers';

const count = z.number().int().min(0);

export const studentFiguresSchema = z.object({
  enrolled: count,
  eligible: count,
  applied: count,
  placed: count,
  unplaced: count,
  optedOut: count,
  debarred: count,
});
export type StudentFigures = z.infer<typeof studentFiguresSchema>;

export const degreeFiguresSchema = studentFiguresSchema.extend({ degree: z.string().nullable() });
export const branchFiguresSchema = studentFiguresSchema.extend({
  degree: z.string().nullable(),
  branchId: z.uuid().nullable(),
  /** The institution's branch name; a student's own text when no branch of the institution is set; null when neither. */
  branch: z.string().nullable(),
});

export const tierFiguresSchema = z.object({
  tier: z.string(),
  /** The tier's lower bound of CTC per year (null: no lower bound). */
  minCtc: z.number().nullable(),
  currency: z.string().nullable(),
  offers: count,
  accepted: count,
  /** Students holding at least one offer of the tier (not withdrawn or rescinded). */
  students: count,
});

export const ctcFiguresSchema = z.object({
  currency: z.string(),
  /** Accepted offers counted. */
  offers: count,
  highest: z.number(),
  median: z.number(),
  mean: z.number(),
});
export const branchCtcFiguresSchema = ctcFiguresSchema.extend({
  degree: z.string().nullable(),
  branchId: z.uuid().nullable(),
  branch: z.string().nullable(),
});

export const companyFiguresSchema = z.object({
  registered: count,
  requested: count,
  invited: count,
  approved: count,
  rejected: count,
  visited: count,
});

export const companyOffersSchema = z.object({
  organizationId: z.number().int(),
  name: z.string(),
  /** The company's registration in the cycle. */
  status: z.string(),
  approvedOpenings: count,
  applications: count,
  offers: count,
  accepted: count,
});

export const cycleStatisticsSchema = z
  .object({
    cycle: z.object({ id: z.uuid(), name: z.string(), kind: z.string() }),
    computedAt: z.string(),
    students: z.object({
      total: studentFiguresSchema,
      byDegree: z.array(degreeFiguresSchema),
      byBranch: z.array(branchFiguresSchema),
    }),
    tiers: z.array(tierFiguresSchema),
    ctc: z.object({ overall: z.array(ctcFiguresSchema), byBranch: z.array(branchCtcFiguresSchema) }),
    companies: companyFiguresSchema,
    offersPerCompany: z.array(companyOffersSchema),
  })
  .meta({ id: 'CycleStatistics' });
export type CycleStatistics = z.infer<typeof cycleStatisticsSchema>;

export const UNPLACED_PAGE_LIMIT = 50;

export const unplacedStudentSchema = z.object({
  enrolmentId: z.uuid(),
  userId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  rollNumber: z.string().nullable(),
  degree: z.string().nullable(),
  branch: z.string().nullable(),
  cgpa: z.number().nullable(),
  backlogs: z.number().int().nullable(),
  status: z.string(),
  /** Applications to the cycle's openings, not withdrawn. */
  applications: count,
  inFlight: count,
});
export type UnplacedStudent = z.infer<typeof unplacedStudentSchema>;

export const unplacedPageSchema = z.object({
  items: z.array(unplacedStudentSchema),
  total: count,
  /** The offset of the next page; null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type UnplacedPage = z.infer<typeof unplacedPageSchema>;

/** The figures each export writes, one sheet each; `nirf` is the NIRF "Placement & higher studies" layout. */
export const STATISTICS_EXPORTS = ['students', 'tiers', 'ctc', 'companies', 'unplaced', 'nirf'] as const;
export type StatisticsExport = (typeof STATISTICS_EXPORTS)[number];
export const statisticsExportQuerySchema = z.strictObject({
  cycleId: z.uuid(),
  figure: z.enum(STATISTICS_EXPORTS),
  format: z.enum(EXPORT_FORMATS),
});

/** The NIRF table's columns, in its order (the figures a college reports per programme and graduating year). */
export const NIRF_COLUMNS = [
  'Program',
  'Academic Year',
  'No. of students graduating in minimum stipulated time',
  'No. of students placed',
  'Median salary of placed graduates (Amount in Rs.)',
  'No. of students selected for Higher Studies',
] as const;

export const statisticsQuerySchema = z.strictObject({ cycleId: z.uuid({ message: 'Not a valid id' }) });
export const unplacedQuerySchema = z.strictObject({
  cycleId: z.uuid({ message: 'Not a valid id' }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(UNPLACED_PAGE_LIMIT),
});
