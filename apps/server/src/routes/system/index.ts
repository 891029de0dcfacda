import { publicConfigSchema, successEnvelope, z } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';

/**
 * Database reachability for many health checks at once: each waits for a `select 1` that started after it arrived,
 * and every check arriving while one is in flight shares the next one. Each answer stays as fresh as its own query
 * would have been, at one round trip per wave instead of one per request (load balancers and monitors probe often).
 */
export function createDatabaseProbe(db: Database): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running = db
      .execute(sql`select 1`)
      .then(() => undefined)
      .finally(() => {
        running = null;
      });
    return running;
  };
  return () => {
    if (!running) return run();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  };
}

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const probeDatabase = createDatabaseProbe(ctx.db);
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
        await probeDatabase();
        return ok({ database: 'up' as const });
      },
    );
  };
}
