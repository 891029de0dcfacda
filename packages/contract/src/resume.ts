import { storedFileSchema } from './files';
import * as z from './zod';

export const RESUME_TITLE_MAX = 120;
export const RESUMES_PER_USER = 10;

export const resumeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    isDefault: z.boolean(),
    file: storedFileSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'Resume' });
export type Resume = z.infer<typeof resumeSchema>;

const resumeTitleSchema = z.string().trim().min(1, 'Give the resume a title').max(RESUME_TITLE_MAX);

export const addResumeBodySchema = z.strictObject({
  fileId: z.uuid('Not a file id'),
  title: resumeTitleSchema,
  isDefault: z.boolean().optional(),
});
export type AddResumeBody = z.input<typeof addResumeBodySchema>;

export const updateResumeBodySchema = z.strictObject({
  id: z.uuid('Not a resume id'),
  title: resumeTitleSchema.optional(),
  isDefault: z.literal(true).optional(),
});
export type UpdateResumeBody = z.input<typeof updateResumeBodySchema>;

export const resumeIdQuerySchema = z.strictObject({ id: z.uuid('Not a resume id') });
export const resumeListSchema = z.object({ resumes: z.array(resumeSchema) }).meta({ id: 'ResumeList' });

export const generateResumeBodySchema = z.strictObject({
  title: resumeTitleSchema.optional(),
  isDefault: z.boolean().optional(),
});
export type GenerateResumeBody = z.input<typeof generateResumeBodySchema>;
