import { z } from 'zod';

export const GRADE_SCALES = ['CGPA_10', 'CGPA_4', 'PERCENTAGE'] as const;
export const gradeScaleSchema = z.enum(GRADE_SCALES);

/** One education entry as the sign-in response and the education section carry it. */
export const educationEntrySchema = z
  .object({
    educationId: z.number().int(),
    institutionId: z.number().int().nullable(),
    institutionName: z.string(),
    degree: z.string(),
    fieldOfStudy: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    isExpected: z.boolean(),
    grade: z.number().nullable(),
    gradeScale: gradeScaleSchema.nullable(),
    currentBacklogs: z.number().int().nullable(),
    rollNumber: z.string().nullable(),
  })
  .meta({ id: 'EducationEntry' });
export type EducationEntry = z.infer<typeof educationEntrySchema>;

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
