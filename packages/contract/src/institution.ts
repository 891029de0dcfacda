import { z } from 'zod';
import { emailSchema, idSchema, optionalUrl, trimmed } from './common';
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

/** Roles a person can hold at an institution: root manages its details, roles and verification groups. */
export const INSTITUTION_ROLES = ['root', 'admin'] as const;
export const institutionRoleSchema = z.enum(INSTITUTION_ROLES, { message: 'Choose a role' });
export type InstitutionRole = z.infer<typeof institutionRoleSchema>;

export const institutionWithRoleSchema = institutionSchema
  .extend({ role: institutionRoleSchema })
  .meta({ id: 'InstitutionWithRole' });
export type InstitutionWithRole = z.infer<typeof institutionWithRoleSchema>;
export const rootInstitutionsSchema = z
  .object({ institutions: z.array(institutionWithRoleSchema) })
  .meta({ id: 'RootInstitutions' });
export type RootInstitutions = z.infer<typeof rootInstitutionsSchema>;

const optionalInstitutionText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const institutionUpdateBodySchema = z.strictObject({
  institutionId: idSchema,
  name: trimmed(LIMITS.shortText).min(1, 'Required'),
  city: optionalInstitutionText(LIMITS.shortText),
  website: optionalUrl,
  domain: z
    .union([
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(
          /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'Enter a domain like college.edu',
        ),
      z.literal(''),
    ])
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type InstitutionUpdateBody = z.input<typeof institutionUpdateBodySchema>;

export const institutionRoleGrantBodySchema = z.strictObject({
  institutionId: idSchema,
  email: emailSchema,
  role: institutionRoleSchema,
});
export type InstitutionRoleGrantBody = z.input<typeof institutionRoleGrantBodySchema>;
export const institutionRoleRevokeQuerySchema = z.strictObject({ institutionId: idSchema, email: emailSchema });

/** Institutions whose domain matches the caller's email: offered as the one to link. */
export const suggestedInstitutionsSchema = z
  .object({ institutions: z.array(institutionSchema) })
  .meta({ id: 'SuggestedInstitutions' });
export type SuggestedInstitutions = z.infer<typeof suggestedInstitutionsSchema>;
