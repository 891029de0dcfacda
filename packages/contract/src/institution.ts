import { emailSchema, idSchema, isoDateTimeSchema, optionalUrl, trimmed } from './common';
import { LIMITS } from './limits';
import * as z from './zod';

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

export const institutionsQuerySchema = z.strictObject({
  search: trimmed(LIMITS.institutionSearch).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
});

export const institutionDetailsQuerySchema = z.strictObject({ institutionId: idSchema });

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

/** A platform verification admin adds an institution, then appoints its first root by email. */
export const institutionCreateBodySchema = institutionUpdateBodySchema.omit({ institutionId: true });
export type InstitutionCreateBody = z.input<typeof institutionCreateBodySchema>;

export const institutionRoleGrantBodySchema = z.strictObject({
  institutionId: idSchema,
  email: emailSchema,
  role: institutionRoleSchema,
});
export type InstitutionRoleGrantBody = z.input<typeof institutionRoleGrantBodySchema>;
export const institutionRoleRevokeQuerySchema = z.strictObject({ institutionId: idSchema, email: emailSchema });
export const institutionPeopleQuerySchema = z.strictObject({ institutionId: idSchema });

/** Someone holding a role at an institution, as its root (or a platform admin) manages them. */
export const institutionPersonSchema = z
  .object({
    /** Null while the person has not signed in to Placely yet: the role becomes theirs when they do. */
    userId: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    role: institutionRoleSchema,
    grantedAt: isoDateTimeSchema,
  })
  .meta({ id: 'InstitutionPerson' });
export type InstitutionPerson = z.infer<typeof institutionPersonSchema>;
export const institutionPeopleSchema = z
  .object({ institutionId: z.number().int(), people: z.array(institutionPersonSchema) })
  .meta({ id: 'InstitutionPeople' });
export type InstitutionPeople = z.infer<typeof institutionPeopleSchema>;

/** Institutions whose domain matches the caller's email: offered as the one to link. */
export const suggestedInstitutionsSchema = z
  .object({ institutions: z.array(institutionSchema) })
  .meta({ id: 'SuggestedInstitutions' });
export type SuggestedInstitutions = z.infer<typeof suggestedInstitutionsSchema>;
