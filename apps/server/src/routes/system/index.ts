import { publicConfigSchema, successEnvelope, z } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/config',
      {
        schema: {
          tags: ['system'],
          summary: 'Runtime settings the web app needs',
          response: { 200: successEnvelope(publicConfigSchema) },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return ok({
          feedbackUrl: ctx.config.feedbackUrl,
          helpUrl: ctx.config.helpUrl,
          identityProvider: ctx.identity.provider,
          profileServiceUrl: ctx.config.profileServiceUrl ?? ctx.publicUrl(),
          smsSender: ctx.sms.kind,
        });
      },
    );

    app.get(
      '/api/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability, for load balancers',
          response: { 200: successEnvelope(z.object({ database: z.literal('up') })) },
        },
      },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return ok({ database: 'up' as const });
      },
    );
  };
}
