import { LIMITS } from './limits';
import * as z from './zod';

/**
 * Keys a quick-apply form field can map to. The profile feeds them; forms read them.
 * Adding a key is backwards compatible; renaming one is not.
 */
export const AUTO_FILL_KEYS = [
  'name',
  'email',
  'phone',
  'location',
  'institution',
  'degree',
  'branch',
  'grade',
  'gradeScale',
  'graduationYear',
  'rollNumber',
  'currentBacklogs',
  'skills',
  'resume',
  'portfolioLink',
  'linkedin',
  'github',
  'website',
  'headline',
  'about',
] as const;
export const autoFillKeySchema = z.enum(AUTO_FILL_KEYS);
export type AutoFillKey = z.infer<typeof autoFillKeySchema>;

const autoFillValueSchema = z.union([
  z.string().max(LIMITS.autoFillValue),
  z.number(),
  z.boolean(),
  z.array(z.string().max(LIMITS.autoFillValue)).max(LIMITS.autoFillListItems),
]);
export type AutoFillValue = z.infer<typeof autoFillValueSchema>;

/** Stored auto-fill data: only known keys. */
export const autoFillDataSchema = z.partialRecord(autoFillKeySchema, autoFillValueSchema);
export type AutoFillData = z.infer<typeof autoFillDataSchema>;

/** A patch: a key set to null is removed. Unknown keys are rejected, naming the key. */
export const updateAutoFillDataBodySchema = z.object({
  autoFillData: z.strictObject(
    Object.fromEntries(AUTO_FILL_KEYS.map((key) => [key, autoFillValueSchema.nullable().optional()])) as Record<
      AutoFillKey,
      z.ZodOptional<z.ZodNullable<typeof autoFillValueSchema>>
    >,
  ),
});
export type UpdateAutoFillDataBody = z.infer<typeof updateAutoFillDataBodySchema>;
