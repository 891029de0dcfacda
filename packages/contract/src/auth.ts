import { educationEntrySchema, portfolioSummarySchema } from './individual';
import { SIGN_IN_FAILURE_MESSAGES, type SignInFailure } from './messages';
import { profileDetailsSchema } from './profile';
import { userSchema } from './user';
import * as z from './zod';

export const signInBodySchema = z.object({
  assumeStudent: z.boolean().default(false).meta({
    description: 'True when sign-in started from a form or group-join link: a new user becomes an Individual',
  }),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/** Spec §7: the sign-in result holds body (user), message, profile, education and portfolios. */
export const signInResultSchema = z
  .object({
    body: userSchema,
    message: z.string(),
    profile: profileDetailsSchema,
    education: z.array(educationEntrySchema),
    portfolios: z.array(portfolioSummarySchema),
  })
  .meta({ id: 'SignInResult' });
export type SignInResult = z.infer<typeof signInResultSchema>;

export const signInEnvelopeSchema = z.object({ status: z.literal('success'), result: signInResultSchema });

export const accessTokenSchema = z
  .object({
    accessToken: z.string(),
    expiresAt: z.string().meta({ description: 'When the access token expires (ISO 8601)' }),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** What the sign-in popup posts to its opener. */
export const POPUP_MESSAGE_SOURCE = 'placely-auth';
export const popupMessageSchema = z.discriminatedUnion('ok', [
  z.object({
    source: z.literal(POPUP_MESSAGE_SOURCE),
    ok: z.literal(true),
    accessToken: z.string(),
    expiresAt: z.string(),
  }),
  z.object({
    source: z.literal(POPUP_MESSAGE_SOURCE),
    ok: z.literal(false),
    failure: z.enum(Object.keys(SIGN_IN_FAILURE_MESSAGES) as [SignInFailure, ...SignInFailure[]]),
  }),
]);
export type PopupMessage = z.infer<typeof popupMessageSchema>;

export { AUTH_PATHS } from './limits';
