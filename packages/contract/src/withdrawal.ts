import * as z from './zod';

/**
 * A candidate withdraws their own application (issue #40) from /forms, with an optional reason the organization
 * reads. It is final: the application moves to the opening's Withdrawn stage and the organization is told.
 */
export const WITHDRAWAL_LIMITS = { reason: 500 } as const;

export const withdrawBodySchema = z.strictObject({
  applicationId: z.uuid('Not an application id'),
  reason: z
    .string()
    .trim()
    .max(WITHDRAWAL_LIMITS.reason, `Must be at most ${WITHDRAWAL_LIMITS.reason} characters`)
    .optional(),
});
export type WithdrawBody = z.input<typeof withdrawBodySchema>;
export const withdrawResultSchema = z
  .object({ id: z.string(), status: z.literal('withdrawn') })
  .meta({ id: 'WithdrawResult' });
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

export const WITHDRAWAL_MESSAGES = {
  withdrawn: 'Your application was withdrawn',
  already: 'This application is already withdrawn.',
} as const;
