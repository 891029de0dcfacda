import { ROUND_MESSAGES } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { roundPanelists, roundPanelLinks, roundPanels } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import {
  assertOnPanelistSlots,
  createPanelLink,
  panelistOfRound,
  panelLinkById,
  panelLinksOf,
  panelLinkUrl,
  panelView,
  presentPanelLink,
  recordPanelLinkView,
  resolvePanelLink,
} from '../../services/rounds/panel-links';
import { submitScorecard } from '../../services/rounds/scorecards';
import { ORGANIZATION_BASE, roundActions } from './organization';
import {
  createPanelLinkSchema,
  listPanelLinksSchema,
  panelScorecardSchema,
  panelViewRouteSchema,
  revokePanelLinkSchema,
} from './schema';

/** Personal links for outside interviewers (the share-link model): made and revoked by the round's managers. */
export function roundPanelLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const rounds = roundActions(ctx);

    /** The round a panelist sits in, for the rule on that round; an unknown panelist is a 404. */
    const roundOfPanelist = async (panelistId: string) => {
      const [row] = await ctx.db
        .select({ roundId: roundPanels.roundId })
        .from(roundPanelists)
        .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
        .where(eq(roundPanelists.id, panelistId));
      return row?.roundId;
    };

    app.post(
      `${ORGANIZATION_BASE}/panel-links`,
      { ...authenticated, schema: actingForOrganization(createPanelLinkSchema) },
      async (request) => {
        const roundId = await roundOfPanelist(request.body.panelistId);
        if (!roundId) throw errors.notFound('That panelist');
        const link = await rounds.inTransaction(request, roundId, 'round.manage', async (tx, loaded, actor) => {
          const panelist = await panelistOfRound(tx, loaded.round.stageId, request.body.panelistId);
          const { row, token } = await createPanelLink(tx, panelist, actor.user.id, request.body.expiresInDays);
          return presentPanelLink(row, panelist.name, panelLinkUrl(ctx.publicUrl(), token));
        });
        return ok(link, ROUND_MESSAGES.linkCreated);
      },
    );

    app.get(
      `${ORGANIZATION_BASE}/panel-links`,
      { ...authenticated, schema: actingForOrganization(listPanelLinksSchema) },
      async (request) => {
        const items = await rounds.read(request, request.query.roundId, async (db, loaded) =>
          (await panelLinksOf(db, loaded.round.stageId)).map((row) => presentPanelLink(row.link, row.name)),
        );
        return ok({ items });
      },
    );

    app.delete(
      `${ORGANIZATION_BASE}/panel-links`,
      { ...authenticated, schema: actingForOrganization(revokePanelLinkSchema) },
      async (request) => {
        const found = await panelLinkById(ctx.db, request.query.linkId);
        const link = await rounds.inTransaction(request, found.roundId, 'round.manage', async (tx) => {
          const [row] = await tx
            .update(roundPanelLinks)
            .set({ revokedAt: sql`coalesce(${roundPanelLinks.revokedAt}, now())` })
            .where(eq(roundPanelLinks.id, found.link.id))
            .returning();
          return presentPanelLink(row ?? found.link, found.name);
        });
        return ok(link, ROUND_MESSAGES.linkRevoked);
      },
    );

    app.get('/api/rounds/panel', { schema: panelViewRouteSchema }, async (request) => {
      const view = await ctx.db.transaction(async (tx) => {
        const resolved = await resolvePanelLink(tx, request.query.link);
        await recordPanelLinkView(tx, resolved.link.id);
        return panelView(tx, resolved);
      });
      return ok(view);
    });

    app.put('/api/rounds/panel/scorecards', { schema: panelScorecardSchema }, async (request) => {
      const { link, ...input } = request.body;
      const view = await ctx.db.transaction(async (tx) => {
        const resolved = await resolvePanelLink(tx, link);
        await assertOnPanelistSlots(tx, resolved, input.applicationId);
        await submitScorecard(tx, resolved.round, resolved.panelist, input);
        return panelView(tx, resolved);
      });
      return ok(view, ROUND_MESSAGES.scorecard);
    });
  };
}
