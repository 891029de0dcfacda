import * as z from './zod';

/** Stable error codes: clients branch on these, never on message text. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UPSTREAM_FAILED',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({
  field: z.string().meta({ description: 'Dotted path of the offending field, e.g. "profile.website"' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z
  .object({
    status: z.literal('error'),
    exception: z.object({
      error: z.object({
        message: z.string(),
        code: errorCodeSchema,
        fields: z.array(fieldErrorSchema).optional(),
      }),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The success envelope of spec §7: `{status:'success', result:{data, message}}`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    result: z.object({ data, message: z.string() }),
  });
}
export type SuccessEnvelope<T> = { status: 'success'; result: { data: T; message: string } };

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
  });
}
