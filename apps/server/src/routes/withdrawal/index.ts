import { successEnvelope, WITHDRAWAL_MESSAGES, withdrawBodySchema, withdrawResultSchema } from '@placely/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { withdrawApplication } from '../../services/applications/withdraw';

/** POST /api/placements/campus/withdraw: the candidate's own application, with an optional reason (issue #40). */
export function withdrawalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/placements/campus/withdraw',
      {
        onRequest: ctx.authenticate,
        schema: {
          tags: ['applications'],
          summary:
            'Withdraws your own application (final): it moves to the opening’s Withdrawn stage and the organization is told, with your reason if you give one',
          body: withdrawBodySchema,
          response: { 200: successEnvelope(withdrawResultSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { applicationId, reason } = request.body;
        await ctx.db.transaction((tx) => withdrawApplication(tx, actor, applicationId, reason || null));
        return ok({ id: applicationId, status: 'withdrawn' as const }, WITHDRAWAL_MESSAGES.withdrawn);
      },
    );
  };
}
