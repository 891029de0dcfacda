import { phoneNumberValueSchema } from './profile';
import * as z from './zod';

/** One-time codes that prove a person holds a phone number (issue: phone verification). */
export const PHONE_CODE = {
  length: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  /** A new code for the same number no sooner than this. */
  resendAfterSeconds: 60,
  perNumberPerHour: 5,
  perUserPerHour: 10,
  /** After a correct code, /api/profile/phone/verified must record it within this window. */
  recordWithinSeconds: 10 * 60,
} as const;

export const PHONE_CODE_MESSAGES = {
  sent: 'We sent a code to your phone number.',
  verified: 'Code accepted.',
  wrongCode: 'That code is not right. Check the message and try again.',
  expired: 'That code has expired. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  noCode: 'Ask for a code first.',
  notChecked: 'Enter the code we sent to this number first.',
  resendTooSoon: (seconds: number) => `Wait ${seconds} seconds before asking for another code.`,
  tooManyCodes: 'Too many codes asked for. Try again in an hour.',
} as const;

export const requestPhoneCodeBodySchema = z.strictObject({ phoneNumber: phoneNumberValueSchema });
export type RequestPhoneCodeBody = z.input<typeof requestPhoneCodeBodySchema>;

export const phoneCodeValueSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${PHONE_CODE.length}}$`), `Enter the ${PHONE_CODE.length}-digit code`);

export const checkPhoneCodeBodySchema = z.strictObject({
  phoneNumber: phoneNumberValueSchema,
  code: phoneCodeValueSchema,
});
export type CheckPhoneCodeBody = z.input<typeof checkPhoneCodeBodySchema>;

export const phoneCodeSentSchema = z
  .object({
    phoneNumber: z.string(),
    expiresAt: z.string(),
    resendAfter: z.string(),
  })
  .meta({ id: 'PhoneCodeSent' });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/**
 * GET /api/profile/phone/code?phoneNumber=: what the verification dialog needs when it opens — whether a code already
 * sent is still live (then the person types it; no new code is sent), and when a new code may be asked for.
 */
export const phoneCodeStatusQuerySchema = z.strictObject({ phoneNumber: phoneNumberValueSchema });
export const phoneCodeStatusSchema = z
  .object({
    phoneNumber: z.string(),
    /** When the live code expires; null when no code can be entered (none sent, expired, used or locked). */
    expiresAt: z.string().nullable(),
    /** When a new code may be asked for; null when it may be asked for now. */
    resendAfter: z.string().nullable(),
  })
  .meta({ id: 'PhoneCodeStatus' });
export type PhoneCodeStatus = z.infer<typeof phoneCodeStatusSchema>;

export const phoneCodeCheckedSchema = z
  .object({ phoneNumber: z.string(), verified: z.literal(true) })
  .meta({ id: 'PhoneCodeChecked' });

/** What the development SMS sender delivered (never available in production). */
export const devSmsMessageSchema = z
  .object({ to: z.string(), body: z.string(), sentAt: z.string() })
  .meta({ id: 'DevSmsMessage' });
export type DevSmsMessage = z.infer<typeof devSmsMessageSchema>;
