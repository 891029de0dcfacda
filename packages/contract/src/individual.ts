import { LIMITS } from './limits';
import * as z from './zod';

/**
 * An individual's profile sections (issue: profile sections). Each has an input schema (validated on both sides,
 * may transform) and a plain entry schema (what the server answers). Dates are months, YYYY-MM, as on a resume.
 */

export const SECTION_LIMITS = {
  entriesPerSection: 50,
  skillsPerUser: 100,
  title: 160,
  organization: 160,
  description: 4000,
  technologies: 20,
  technology: 40,
  skillName: 60,
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string().trim().regex(MONTH, 'Use a month like 2024-06');

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const required = (max: number) => text(max).min(1, 'Required');
const optional = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));
const optionalMonth = z
  .union([monthSchema, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));
const optionalLink = z
  .union([
    z.url({ protocol: /^https?$/, message: 'Enter a web address starting with http:// or https://' }).max(LIMITS.url),
    z.literal(''),
  ])
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * End not before start; "current" entries have no end, except where the end may be an expected one (education:
 * "End (or expected)" while studying there now). Errors name the end field.
 */
function checkRange(
  value: { startMonth?: string | null; endMonth?: string | null; isCurrent?: boolean },
  ctx: z.RefinementCtx,
  options: { expectedEnd?: boolean } = {},
) {
  if (value.isCurrent && value.endMonth && !options.expectedEnd) {
    ctx.addIssue({ code: 'custom', path: ['endMonth'], message: 'Leave the end empty for something current' });
  }
  const isMonth = (month: string | null | undefined): month is string => !!month && MONTH.test(month);
  if (isMonth(value.startMonth) && isMonth(value.endMonth) && value.endMonth < value.startMonth) {
    ctx.addIssue({ code: 'custom', path: ['endMonth'], message: 'The end cannot be before the start' });
  }
}

// Education ---------------------------------------------------------------------------------------------------

export const GRADE_SCALES = ['CGPA_10', 'CGPA_4', 'PERCENTAGE'] as const;
export const gradeScaleSchema = z.enum(GRADE_SCALES);
export type GradeScale = z.infer<typeof gradeScaleSchema>;
export const GRADE_SCALE_MAX: Record<GradeScale, number> = { CGPA_10: 10, CGPA_4: 4, PERCENTAGE: 100 };
export const GRADE_SCALE_LABELS: Record<GradeScale, string> = {
  CGPA_10: 'CGPA (out of 10)',
  CGPA_4: 'GPA (out of 4)',
  PERCENTAGE: 'Percentage',
};

const optionalNumber = z
  .union([z.number(), z.literal(''), z.null()])
  .optional()
  .transform((value) => (typeof value === 'number' ? value : null));

export const educationInputSchema = z
  .strictObject({
    institutionId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((value) => value ?? null),
    institutionName: required(SECTION_LIMITS.organization),
    degree: required(SECTION_LIMITS.title),
    fieldOfStudy: optional(SECTION_LIMITS.title),
    startMonth: optionalMonth,
    endMonth: optionalMonth,
    isCurrent: z.boolean().default(false),
    grade: optionalNumber.pipe(z.number().min(0, 'Must be 0 or more').nullable()),
    gradeScale: gradeScaleSchema.nullish().transform((value) => value ?? null),
    currentBacklogs: optionalNumber.pipe(z.number().int('Whole number').min(0).max(99).nullable()),
    rollNumber: optional(60),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx, { expectedEnd: true });
    if (value.grade !== null && value.gradeScale === null) {
      ctx.addIssue({ code: 'custom', path: ['gradeScale'], message: 'Choose the scale of your grade' });
    }
    if (value.grade !== null && value.gradeScale !== null && value.grade > GRADE_SCALE_MAX[value.gradeScale]) {
      ctx.addIssue({
        code: 'custom',
        path: ['grade'],
        message: `At most ${GRADE_SCALE_MAX[value.gradeScale]} on this scale`,
      });
    }
  });
export type EducationInput = z.input<typeof educationInputSchema>;

export const educationEntrySchema = z
  .object({
    id: z.string(),
    institutionId: z.number().nullable(),
    institutionName: z.string(),
    degree: z.string(),
    fieldOfStudy: z.string().nullable(),
    startMonth: z.string().nullable(),
    endMonth: z.string().nullable(),
    isCurrent: z.boolean(),
    grade: z.number().nullable(),
    gradeScale: gradeScaleSchema.nullable(),
    currentBacklogs: z.number().nullable(),
    rollNumber: z.string().nullable(),
    /** A verification group vouches for this entry now; editing it clears that. */
    verified: z.boolean(),
  })
  .meta({ id: 'EducationEntry' });
export type EducationEntry = z.infer<typeof educationEntrySchema>;

// Experience --------------------------------------------------------------------------------------------------

export const EXPERIENCE_KINDS = ['internship', 'full-time', 'part-time', 'contract', 'freelance', 'volunteer'] as const;
export const EXPERIENCE_KIND_LABELS: Record<(typeof EXPERIENCE_KINDS)[number], string> = {
  internship: 'Internship',
  'full-time': 'Full-time job',
  'part-time': 'Part-time job',
  contract: 'Contract',
  freelance: 'Freelance',
  volunteer: 'Volunteer',
};

export const experienceInputSchema = z
  .strictObject({
    organization: required(SECTION_LIMITS.organization),
    title: required(SECTION_LIMITS.title),
    kind: z.enum(EXPERIENCE_KINDS, { message: 'Choose the kind of work' }),
    location: optional(SECTION_LIMITS.title),
    startMonth: monthSchema,
    endMonth: optionalMonth,
    isCurrent: z.boolean().default(false),
    description: optional(SECTION_LIMITS.description),
  })
  .superRefine(checkRange);
export type ExperienceInput = z.input<typeof experienceInputSchema>;

export const experienceEntrySchema = z
  .object({
    id: z.string(),
    organization: z.string(),
    title: z.string(),
    kind: z.enum(EXPERIENCE_KINDS),
    location: z.string().nullable(),
    startMonth: z.string(),
    endMonth: z.string().nullable(),
    isCurrent: z.boolean(),
    description: z.string().nullable(),
    /** A verification group vouches for this entry now; editing it clears that. */
    verified: z.boolean(),
  })
  .meta({ id: 'ExperienceEntry' });
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

// Projects ----------------------------------------------------------------------------------------------------

export const projectInputSchema = z
  .strictObject({
    title: required(SECTION_LIMITS.title),
    role: optional(SECTION_LIMITS.title),
    startMonth: optionalMonth,
    endMonth: optionalMonth,
    isCurrent: z.boolean().default(false),
    description: optional(SECTION_LIMITS.description),
    technologies: z
      .array(required(SECTION_LIMITS.technology))
      .max(SECTION_LIMITS.technologies, `At most ${SECTION_LIMITS.technologies} technologies`)
      .default([]),
    link: optionalLink,
  })
  .superRefine(checkRange);
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectEntrySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    role: z.string().nullable(),
    startMonth: z.string().nullable(),
    endMonth: z.string().nullable(),
    isCurrent: z.boolean(),
    description: z.string().nullable(),
    technologies: z.array(z.string()),
    link: z.string().nullable(),
  })
  .meta({ id: 'ProjectEntry' });
export type ProjectEntry = z.infer<typeof projectEntrySchema>;

// Others ------------------------------------------------------------------------------------------------------

export const OTHER_KINDS = ['certification', 'award', 'publication', 'volunteering', 'language', 'other'] as const;
export const OTHER_KIND_LABELS: Record<(typeof OTHER_KINDS)[number], string> = {
  certification: 'Certification',
  award: 'Award',
  publication: 'Publication',
  volunteering: 'Volunteering',
  language: 'Language',
  other: 'Other',
};

export const otherInputSchema = z.strictObject({
  kind: z.enum(OTHER_KINDS, { message: 'Choose what this is' }),
  title: required(SECTION_LIMITS.title),
  issuer: optional(SECTION_LIMITS.organization),
  month: optionalMonth,
  link: optionalLink,
  description: optional(SECTION_LIMITS.description),
});
export type OtherInput = z.input<typeof otherInputSchema>;

export const otherEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(OTHER_KINDS),
    title: z.string(),
    issuer: z.string().nullable(),
    month: z.string().nullable(),
    link: z.string().nullable(),
    description: z.string().nullable(),
    /** A verification group vouches for this entry now; editing it clears that. */
    verified: z.boolean(),
  })
  .meta({ id: 'OtherEntry' });
export type OtherEntry = z.infer<typeof otherEntrySchema>;

// Placements --------------------------------------------------------------------------------------------------

export const OFFER_KINDS = ['full-time', 'internship', 'ppo'] as const;
export const OFFER_KIND_LABELS: Record<(typeof OFFER_KINDS)[number], string> = {
  'full-time': 'Full-time',
  internship: 'Internship',
  ppo: 'Pre-placement offer (PPO)',
};
export const OFFER_STATUSES = ['offered', 'accepted', 'declined'] as const;
export const OFFER_STATUS_LABELS: Record<(typeof OFFER_STATUSES)[number], string> = {
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const placementInputSchema = z.strictObject({
  organization: required(SECTION_LIMITS.organization),
  role: required(SECTION_LIMITS.title),
  offerKind: z.enum(OFFER_KINDS, { message: 'Choose the kind of offer' }),
  compensation: optionalNumber.pipe(z.number().min(0, 'Must be 0 or more').max(1e12).nullable()),
  currency: z
    .union([
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code, e.g. INR'),
      z.literal(''),
    ])
    .nullish()
    .transform((value) => (value ? value : null)),
  month: optionalMonth,
  status: z.enum(OFFER_STATUSES, { message: 'Choose the status' }),
});
export type PlacementInput = z.input<typeof placementInputSchema>;

export const placementEntrySchema = z
  .object({
    id: z.string(),
    organization: z.string(),
    role: z.string(),
    offerKind: z.enum(OFFER_KINDS),
    compensation: z.number().nullable(),
    currency: z.string().nullable(),
    month: z.string().nullable(),
    status: z.enum(OFFER_STATUSES),
    /** A verification group vouches for this entry now (editing it clears that), or an organization does (below). */
    verified: z.boolean(),
    /**
     * Written by an offer accepted on Placely: the organization that made it vouches for it, and the student cannot
     * edit it (placement season, issue 41). Null for entries the student typed.
     */
    verifiedByOrganization: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'PlacementEntry' });
export type PlacementEntry = z.infer<typeof placementEntrySchema>;

// Skills ------------------------------------------------------------------------------------------------------

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const SKILL_LEVEL_LABELS: Record<(typeof SKILL_LEVELS)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};

export const skillInputSchema = z.strictObject({
  name: required(SECTION_LIMITS.skillName),
  level: z.enum(SKILL_LEVELS, { message: 'Choose a level' }).default('intermediate'),
});
export type SkillInput = z.input<typeof skillInputSchema>;

export const skillEntrySchema = z
  .object({ id: z.string(), name: z.string(), level: z.enum(SKILL_LEVELS) })
  .meta({ id: 'SkillEntry' });
export type SkillEntry = z.infer<typeof skillEntrySchema>;

// Shared request shapes ---------------------------------------------------------------------------------------

export const entryIdQuerySchema = z.strictObject({ id: z.uuid('Not an entry id') });
/** Edit bodies are the add body plus the entry id. */
export const withEntryId = <T extends z.ZodType>(input: T) => z.object({ id: z.uuid('Not an entry id'), entry: input });

// Portfolios (arrive with the portfolio work) -----------------------------------------------------------------

export const PORTFOLIO_VISIBILITIES = ['public', 'private'] as const;

export const portfolioSummarySchema = z
  .object({
    portfolioId: z.string(),
    title: z.string(),
    visibility: z.enum(PORTFOLIO_VISIBILITIES),
    updatedAt: z.string(),
  })
  .meta({ id: 'PortfolioSummary' });
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;
