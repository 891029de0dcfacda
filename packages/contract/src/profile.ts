import { z } from 'zod';
import { isoDateSchema, optionalText, optionalUrl, requiredText } from './common';
import { LIMITS } from './limits';

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

export const individualProfileSchema = z
  .object({
    name: requiredText(LIMITS.name),
    headline: optionalText(LIMITS.shortText),
    about: optionalText(LIMITS.longText),
    location: optionalText(LIMITS.shortText),
    dateOfBirth: isoDateSchema.nullish().transform((value) => value ?? null),
    photo: optionalUrl,
    linkedin: optionalUrl,
    github: optionalUrl,
    website: optionalUrl,
  })
  .meta({ id: 'IndividualProfile' });
export type IndividualProfile = z.output<typeof individualProfileSchema>;
export type IndividualProfileInput = z.input<typeof individualProfileSchema>;

export const ORGANIZATION_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;

export const organizationProfileSchema = z
  .object({
    name: requiredText(LIMITS.name),
    logo: optionalUrl,
    website: optionalUrl,
    industry: optionalText(LIMITS.shortText),
    size: z
      .enum(ORGANIZATION_SIZES)
      .nullish()
      .transform((value) => value ?? null),
    about: optionalText(LIMITS.longText),
    locations: z.array(requiredText(LIMITS.shortText)).max(20, 'At most 20 locations').default([]),
    contactEmail: z
      .union([z.email({ message: 'Enter a valid email address' }).max(LIMITS.email), z.literal('')])
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : null)),
  })
  .meta({ id: 'OrganizationProfile' });
export type OrganizationProfile = z.output<typeof organizationProfileSchema>;
export type OrganizationProfileInput = z.input<typeof organizationProfileSchema>;

/** What GET /api/user/profile answers as data.profileDetails. */
export const profileDetailsSchema = z
  .object({
    phoneNumbers: z.array(phoneNumberSchema),
    individual: individualProfileSchema.nullable(),
    organization: organizationProfileSchema.nullable(),
  })
  .meta({ id: 'ProfileDetails' });
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

export const profileResponseSchema = z.object({ profileDetails: profileDetailsSchema });

/** POST /api/user/profile: the person's phone numbers. Numbers left out are soft-deleted; kept ones keep their verification. */
export const updateUserProfileBodySchema = z.object({
  phoneNumbers: z
    .array(z.object({ number: phoneNumberValueSchema }))
    .max(LIMITS.phoneNumbersPerUser, `At most ${LIMITS.phoneNumbersPerUser} phone numbers`)
    .refine((list) => new Set(list.map((item) => item.number)).size === list.length, 'Each phone number may appear once'),
});
export type UpdateUserProfileBody = z.input<typeof updateUserProfileBodySchema>;

export const updateIndividualProfileBodySchema = z.object({ profile: individualProfileSchema });
export const updateOrganizationProfileBodySchema = z.object({ profile: organizationProfileSchema });

export const phoneVerifiedBodySchema = z.object({ phoneNumber: phoneNumberValueSchema });

