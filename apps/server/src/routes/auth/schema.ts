import { accessTokenSchema, successEnvelope, z } from '@placely/contract';

export const startQuerySchema = z.strictObject({
  origin: z.url().meta({ description: 'Origin of the web app that opened the popup; must be an allowed origin' }),
});

export const callbackQuerySchema = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

export const refreshResponseSchema = successEnvelope(accessTokenSchema);
export const signOutResponseSchema = successEnvelope(z.null());
