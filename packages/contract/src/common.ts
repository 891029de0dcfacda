import { LIMITS } from './limits';
import * as z from './zod';

export const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
export const requiredText = (max: number) => trimmed(max).min(1, 'Required');
export const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const httpUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Enter a web address starting with http:// or https://' })
  .max(LIMITS.url);
export const optionalUrl = z
  .union([httpUrlSchema, z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

export const emailSchema = z
  .email({ message: 'Enter a valid email address' })
  .max(LIMITS.email)
  .transform((value) => value.trim().toLowerCase());

/** ISO calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date({ message: 'Use the date format YYYY-MM-DD' });
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Positive integer ids arrive as numbers in JSON and as strings in query strings. */
export const idSchema = z.coerce
  .number({ message: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(Number.MAX_SAFE_INTEGER);
