import { ROUND_MESSAGES } from '@placely/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import { runsRound } from '../../policies/round';
import { loadRound } from '../../services/rounds/rounds';
import { panelistOf, scorecardsFor, submitScorecard } from '../../services/rounds/scorecards';
import { ORGANIZATION_BASE, roundActions } from './organization';
import { readScorecardsSchema, submitScorecardSchema } from './schema';

/** Scorecards of team panelists (outside interviewers submit through their link: panel-links.ts). */
export function roundScorecardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const rounds = roundActions(ctx);

    app.get(
      `${ORGANIZATION_BASE}/scorecards`,
      { ...authenticated, schema: actingForOrganization(readScorecardsSchema) },
      async (request) => {
        const { roundId, applicationId } = request.query;
        const cards = await rounds.read(request, roundId, async (db, loaded, actor) =>
          scorecardsFor(db, loaded.round, applicationId, {
            panelist: await panelistOf(db, roundId, actor.user.id, applicationId),
            runsRound: runsRound(loaded.record),
            canSubmit: can(actor, 'round.score', loaded.record),
          }),
        );
        return ok(cards);
      },
    );

    app.put(
      `${ORGANIZATION_BASE}/scorecards`,
      { ...authenticated, schema: actingForOrganization(submitScorecardSchema) },
      async (request) => {
        const { roundId, ...input } = request.body;
        const { actor, access } = await rounds.caller(request);
        const cards = await ctx.db.transaction(async (tx) => {
          const loaded = await loadRound(tx, actor, access, roundId, 'round.score', 'share');
          const panelist = await panelistOf(tx, roundId, actor.user.id, input.applicationId);
          if (!panelist) throw errors.forbidden('Only the round’s panelists can submit scorecards.');
          await submitScorecard(tx, loaded.round, panelist, input);
          return scorecardsFor(tx, loaded.round, input.applicationId, {
            panelist,
            runsRound: runsRound(loaded.record),
            canSubmit: true,
          });
        });
        return ok(cards, ROUND_MESSAGES.scorecard);
      },
    );
  };
}
