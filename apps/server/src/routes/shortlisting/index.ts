import { STAGE_MESSAGES } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { openings } from '../../db/schema';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { notifyReleasedRejections } from '../../services/notifications/events';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { type AuditEntry, organizationAccessOf, recordAudit } from '../../services/organizations';
import {
  addStage,
  moveApplications,
  rejectedCount,
  removeStage,
  reorderStages,
  stageHistory,
  stagesWithCounts,
  undoBulkMove,
  updateStage,
} from '../../services/shortlisting/pipeline';
import {
  addStageRouteSchema,
  deleteStageRouteSchema,
  historyRouteSchema,
  moveRouteSchema,
  orderStagesRouteSchema,
  settingsRouteSchema,
  stagesRouteSchema,
  undoRouteSchema,
  updateStageRouteSchema,
} from './schema';

/** The pipeline as the caller may use it: stages with counts, the release flag and the caller's abilities. */
async function presentPipeline(db: Executor, actor: Actor, access: OrganizationAccess, opening: OpeningRow) {
  const record = { access, opening };
  return {
    openingId: opening.id,
    stages: await stagesWithCounts(db, opening.id),
    rejectionsReleased: opening.rejectionsReleased,
    abilities: { move: can(actor, 'stage.move', record), manageStages: can(actor, 'stage.manage', record) },
  };
}

export function shortlistingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting';

    /** authenticate → (validated) → transaction → load with the opening locked → authorize → act → present. */
    const changeStages = async (
      request: Parameters<typeof actorOf>[0],
      openingId: string,
      act: (tx: Executor, actor: Actor, access: OrganizationAccess, opening: OpeningRow) => Promise<AuditEntry | null>,
    ) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      return ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'stage.manage', 'no key update');
        const entry = await act(tx, actor, access, opening);
        if (entry) await recordAudit(tx, access.organizationId, actor.user.id, entry);
        const [fresh] = await tx.select().from(openings).where(eq(openings.id, opening.id));
        return presentPipeline(tx, actor, access, fresh ?? opening);
      });
    };

    app.get(
      `${base}/stages`,
      { ...authenticated, schema: actingForOrganization(stagesRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'stage.view');
        return ok(await presentPipeline(ctx.db, actor, access, opening));
      },
    );

    app.post(
      `${base}/stages`,
      { ...authenticated, schema: actingForOrganization(addStageRouteSchema) },
      async (request) => {
        const { openingId, ...input } = request.body;
        const pipeline = await changeStages(request, openingId, (tx, _actor, _access, opening) =>
          addStage(tx, opening, input),
        );
        return ok(pipeline, STAGE_MESSAGES.added);
      },
    );

    app.patch(
      `${base}/stages`,
      { ...authenticated, schema: actingForOrganization(updateStageRouteSchema) },
      async (request) => {
        const { openingId, ...input } = request.body;
        const pipeline = await changeStages(request, openingId, (tx, _actor, _access, opening) =>
          updateStage(tx, opening, input),
        );
        return ok(pipeline, STAGE_MESSAGES.renamed);
      },
    );

    app.put(
      `${base}/stages/order`,
      { ...authenticated, schema: actingForOrganization(orderStagesRouteSchema) },
      async (request) => {
        const pipeline = await changeStages(request, request.body.openingId, (tx, _actor, _access, opening) =>
          reorderStages(tx, opening, request.body.stageIds),
        );
        return ok(pipeline, STAGE_MESSAGES.reordered);
      },
    );

    app.delete(
      `${base}/stages`,
      { ...authenticated, schema: actingForOrganization(deleteStageRouteSchema) },
      async (request) => {
        const { openingId, ...input } = request.query;
        const pipeline = await changeStages(request, openingId, (tx, actor, access, opening) =>
          removeStage(tx, actor, access, opening, input),
        );
        return ok(pipeline, STAGE_MESSAGES.removed);
      },
    );

    app.patch(
      `${base}/settings`,
      { ...authenticated, schema: actingForOrganization(settingsRouteSchema) },
      async (request) => {
        const pipeline = await changeStages(request, request.body.openingId, async (tx, _actor, _access, opening) => {
          await tx
            .update(openings)
            .set({ rejectionsReleased: request.body.rejectionsReleased, updatedAt: sql`now()` })
            .where(eq(openings.id, opening.id));
          if (request.body.rejectionsReleased === opening.rejectionsReleased) return null;
          // Releasing tells the candidates already rejected; those told before (same move) are not told again.
          if (request.body.rejectionsReleased) await notifyReleasedRejections(tx, opening.id);
          return {
            kind: 'rejections.released',
            openingId: opening.id,
            details: {
              released: request.body.rejectionsReleased,
              told: request.body.rejectionsReleased ? await rejectedCount(tx, opening.id) : 0,
            },
          } satisfies AuditEntry;
        });
        return ok(pipeline, STAGE_MESSAGES.settingsSaved);
      },
    );

    app.post(`${base}/moves`, { ...authenticated, schema: actingForOrganization(moveRouteSchema) }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...input } = request.body;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'stage.move', 'share');
        return moveApplications(tx, actor, access, opening, input);
      });
      return ok(result, STAGE_MESSAGES.moved(result.moved));
    });

    app.post(
      `${base}/moves/undo`,
      { ...authenticated, schema: actingForOrganization(undoRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const result = await ctx.db.transaction(async (tx) => {
          const opening = await loadOrganizationOpening(
            tx,
            actor,
            access,
            request.body.openingId,
            'stage.move',
            'no key update',
          );
          return undoBulkMove(tx, actor, access, opening, request.body.bulkMoveId);
        });
        return ok(result, STAGE_MESSAGES.undone(result.restored));
      },
    );

    app.get(
      `${base}/history`,
      { ...authenticated, schema: actingForOrganization(historyRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'stage.view');
        return ok({ items: await stageHistory(ctx.db, opening.id, request.query.applicationId) });
      },
    );
  };
}
