import { z } from 'zod';

/** Runtime configuration the web app reads from GET /api/config. */
export const publicConfigSchema = z
  .object({
    feedbackUrl: z.string(),
    helpUrl: z.string(),
    identityProvider: z.enum(['google', 'development']),
    profileServiceUrl: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
