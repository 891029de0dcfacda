import { isoDateSchema, optionalText, optionalUrl, requiredText } from './common';
import { LIMITS } from './limits';
import * as z from './zod';

/** Digits with an optional leading +, 6–15 digits after normalising spaces, dashes, dots and brackets. */
export const phoneNumberValueSchema = z
  .string()
  .trim()
  .max(LIMITS.phoneNumber + 10, 'Phone number is too long')
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{6,15}$/, 'Enter a phone number of 6 to 15 digits, optionally starting with +'));

/** A phone number as the spec §3 shape. Deletion is soft. */
export const phoneNumberSchema = z
  .object({
    number: z.string(),
    isVerified: z.boolean(),
    isPrimary: z.boolean(),
    date: z.string().meta({ description: 'When the number was added or last verified (ISO 8601)' }),
    isDeleted: z.boolean(),
  })
  .meta({ id: 'PhoneNumber' });
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

/** Individual account details as stored and returned. */
export const individualProfileSchema = z
  .object({
    name: z.string(),
    headline: z.string().nullable(),
    about: z.string().nullable(),
    location: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    photo: z.string().nullable(),
    linkedin: z.string().nullable(),
    github: z.string().nullable(),
    website: z.string().nullable(),
  })
  .meta({ id: 'IndividualProfile' });
export type IndividualProfile = z.infer<typeof individualProfileSchema>;

/** What a person may send: trimmed, empty strings become null, links must be http(s). */
export const individualProfileInputSchema = z.object({
  name: requiredText(LIMITS.name),
  headline: optionalText(LIMITS.shortText),
  about: optionalText(LIMITS.longText),
  location: optionalText(LIMITS.shortText),
  dateOfBirth: z
    .union([isoDateSchema, z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  photo: optionalUrl,
  linkedin: optionalUrl,
  github: optionalUrl,
  website: optionalUrl,
});
export type IndividualProfileInput = z.input<typeof individualProfileInputSchema>;

export const ORGANIZATION_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;
export const organizationSizeSchema = z.enum(ORGANIZATION_SIZES);

/** Organization account details as stored and returned. */
export const organizationProfileSchema = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    website: z.string().nullable(),
    industry: z.string().nullable(),
    size: organizationSizeSchema.nullable(),
    about: z.string().nullable(),
    locations: z.array(z.string()),
    contactEmail: z.string().nullable(),
  })
  .meta({ id: 'OrganizationProfile' });
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

export const organizationProfileInputSchema = z.object({
  name: requiredText(LIMITS.name),
  logo: optionalUrl,
  website: optionalUrl,
  industry: optionalText(LIMITS.shortText),
  size: z
    .union([organizationSizeSchema, z.literal('')])
    .nullish()
    .transform((value) => (value ? value : null)),
  about: optionalText(LIMITS.longText),
  locations: z.array(requiredText(LIMITS.shortText)).max(20, 'At most 20 locations').default([]),
  contactEmail: z
    .union([z.email({ message: 'Enter a valid email address' }).max(LIMITS.email), z.literal('')])
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null)),
});
export type OrganizationProfileInput = z.input<typeof organizationProfileInputSchema>;

/** What GET /api/user/profile answers as data.profileDetails. */
export const profileDetailsSchema = z
  .object({
    phoneNumbers: z.array(phoneNumberSchema),
    individual: individualProfileSchema.nullable(),
    organization: organizationProfileSchema.nullable(),
  })
  .meta({ id: 'ProfileDetails' });
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

export const profileResponseSchema = z.object({ profileDetails: profileDetailsSchema });

/** POST /api/user/profile: the person's phone numbers. Numbers left out are soft-deleted; kept ones keep their verification. */
export const updateUserProfileBodySchema = z.object({
  phoneNumbers: z
    .array(z.object({ number: phoneNumberValueSchema }))
    .max(LIMITS.phoneNumbersPerUser, `At most ${LIMITS.phoneNumbersPerUser} phone numbers`)
    .refine(
      (list) => new Set(list.map((item) => item.number)).size === list.length,
      'Each phone number may appear once',
    ),
});
export type UpdateUserProfileBody = z.input<typeof updateUserProfileBodySchema>;

export const updateIndividualProfileBodySchema = z.object({ profile: individualProfileInputSchema });
export const updateOrganizationProfileBodySchema = z.object({ profile: organizationProfileInputSchema });

export const phoneVerifiedBodySchema = z.object({ phoneNumber: phoneNumberValueSchema });
