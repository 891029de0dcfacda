import { FILE_NAME_MAX, FILE_PURPOSES } from './file-rules';
import * as z from './zod';

export * from './file-rules';

export const filePurposeSchema = z.enum(FILE_PURPOSES);

export const uploadFileQuerySchema = z.strictObject({
  purpose: filePurposeSchema,
  name: z.string().trim().min(1, 'Give the file a name').max(FILE_NAME_MAX),
});

export const storedFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    size: z.number(),
    purpose: filePurposeSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileLinkSchema = z.object({ url: z.string(), expiresAt: z.string() }).meta({ id: 'FileLink' });
export type FileLink = z.infer<typeof fileLinkSchema>;

export const fileIdParamsSchema = z.strictObject({ id: z.uuid('Not a file id') });
