import { accountTypeSchema } from './account';
import { idSchema } from './common';
import * as z from './zod';

/** The signed-in person (spec §3). accountType is null until one is chosen. */
export const userSchema = z
  .object({
    userId: z.number().int(),
    accountType: accountTypeSchema.nullable(),
    email: z.string(),
    name: z.string(),
    photo: z.string().nullable(),
    institutionId: z.number().int().nullable(),
    hasInstitutionAccess: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const updateAccountTypeQuerySchema = z.strictObject({
  account: accountTypeSchema.meta({ description: 'The account type to take; only recognised types are accepted' }),
});

export const updateInstitutionIdBodySchema = z.object({
  institutionId: idSchema.nullable(),
});
