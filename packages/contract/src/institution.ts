import { z } from 'zod';
import { idSchema, trimmed } from './common';
import { LIMITS } from './limits';

export const institutionSchema = z
  .object({
    institutionId: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
    website: z.string().nullable(),
    domain: z.string().nullable(),
  })
  .meta({ id: 'Institution' });
export type Institution = z.infer<typeof institutionSchema>;

export const institutionsQuerySchema = z.object({
  search: trimmed(LIMITS.institutionSearch).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

export const institutionDetailsQuerySchema = z.object({ institutionId: idSchema });
