import * as z from './zod';

/** Runtime configuration the web app reads from GET /api/config. */
export const publicConfigSchema = z
  .object({
    feedbackUrl: z.string(),
    helpUrl: z.string(),
    identityProvider: z.enum(['google', 'development']),
    profileServiceUrl: z.string(),
    /** 'development': codes are readable at GET /api/dev/sms/latest (never in production). */
    smsSender: z.enum(['http', 'development']),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
