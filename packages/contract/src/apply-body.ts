import { idempotencyKeySchema } from './application';
import { httpUrlSchema, requiredText } from './common';
import { answersSchema } from './form';
import { SECTION_LIMITS } from './individual';
import { LIMITS } from './limits';
import { phoneNumberValueSchema } from './profile';
import type { ProfileSaveKey } from './profile-save';
import * as z from './zod';

// The apply body lives apart from application.ts, whose schemas several pages' first loads include: only the server
// parses the body, and the web checks `saveToProfile` in a chunk of its own at submit.

/**
 * "Save to my profile too" (issue 43): answers the applicant chose to write back to their profile, by auto-fill key
 * (`PROFILE_SAVE_KEYS`), each held to the rule of the profile field it lands in. The server takes only keys that a
 * question of the form asks and this application answers. Nothing else in the profile changes.
 */
export const saveToProfileSchema = z
  .strictObject({
    name: requiredText(LIMITS.name).optional(),
    phone: phoneNumberValueSchema.optional(),
    location: requiredText(LIMITS.shortText).optional(),
    headline: requiredText(LIMITS.shortText).optional(),
    about: requiredText(LIMITS.longText).optional(),
    linkedin: httpUrlSchema.optional(),
    github: httpUrlSchema.optional(),
    website: httpUrlSchema.optional(),
    skills: z
      .array(requiredText(SECTION_LIMITS.skillName))
      .min(1, 'Name at least one skill')
      .max(SECTION_LIMITS.skillsPerUser, `At most ${SECTION_LIMITS.skillsPerUser} skills`)
      .optional(),
  } satisfies Record<ProfileSaveKey, z.ZodType>)
  .meta({ id: 'SaveToProfile' });
export type SaveToProfile = z.infer<typeof saveToProfileSchema>;
export type SaveToProfileInput = z.input<typeof saveToProfileSchema>;

/**
 * POST /api/placements/campus/apply: submits an application. Without `answers` it is a one-click apply: the
 * server fills the form from the person's auto-fill data (only for forms whose every field has an auto-fill key).
 * A retry with the same idempotency key answers the application the first call made, never a second one.
 */
export const applyBodySchema = z.strictObject({
  openingId: z.uuid('Not an opening id'),
  idempotencyKey: idempotencyKeySchema,
  answers: answersSchema.optional(),
  saveToProfile: saveToProfileSchema.optional(),
});
export type ApplyBody = z.input<typeof applyBodySchema>;
