import { RANKING_MESSAGES, RANKING_TIE_BREAK, type Recipe, type RecipeState } from '@placely/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import {
  addCriterion,
  assertApplicationOf,
  assertRecipeFits,
  candidateRatingsFor,
  criteriaOf,
  pin,
  pinOf,
  presentableVideoTasks,
  rankableFields,
  rankingPage,
  rate,
  recipeOf,
  removeCriterion,
  renameCriterion,
  saveRecipe,
  unpin,
  videoTasksOf,
} from '../../services/shortlisting/ranking';
import {
  addCriterionRouteSchema,
  criteriaRouteSchema,
  pinRouteSchema,
  rankingRouteSchema,
  rateRouteSchema,
  ratingsRouteSchema,
  recipeRouteSchema,
  removeCriterionRouteSchema,
  renameCriterionRouteSchema,
  saveRecipeRouteSchema,
  unpinRouteSchema,
} from './ranking-schema';

async function presentCriteria(db: Executor, actor: Actor, access: OrganizationAccess, opening: OpeningRow) {
  const record = { access, opening };
  return {
    openingId: opening.id,
    criteria: await criteriaOf(db, opening.id),
    abilities: { manage: can(actor, 'ranking.manage', record), rate: can(actor, 'ranking.rate', record) },
  };
}

async function presentRecipe(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  opening: OpeningRow,
): Promise<RecipeState> {
  const record = { access, opening };
  const [saved, fields, criteria, videoTasks] = await readTogether(db, [
    () => recipeOf(db, opening.id),
    () => rankableFields(db, opening),
    () => criteriaOf(db, opening.id),
    () => videoTasksOf(db, opening.id),
  ]);
  const manage = can(actor, 'ranking.manage', record);
  return {
    openingId: opening.id,
    recipe: saved?.recipe ?? null,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    fields,
    criteria,
    videoTasks: presentableVideoTasks(videoTasks, saved?.recipe),
    tieBreak: RANKING_TIE_BREAK,
    abilities: { change: manage, pin: manage },
  };
}

/** Ratings, criteria, the ranking recipe, the ranked list and pins, under /api/organization/shortlisting/…. */
export function rankingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/shortlisting';

    /** authenticate → (validated) → transaction → load with the opening locked → authorize → act → present. */
    const manageCriteria = async (
      request: Parameters<typeof actorOf>[0],
      openingId: string,
      act: (tx: Executor, opening: OpeningRow) => Promise<unknown>,
    ) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      return ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'ranking.manage', 'no key update');
        await act(tx, opening);
        return presentCriteria(tx, actor, access, opening);
      });
    };

    app.get(`${base}/criteria`, { ...authenticated, schema: criteriaRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'ranking.view');
      return ok(await presentCriteria(ctx.db, actor, access, opening));
    });

    app.post(`${base}/criteria`, { ...authenticated, schema: addCriterionRouteSchema }, async (request) => {
      const result = await manageCriteria(request, request.body.openingId, (tx, opening) =>
        addCriterion(tx, opening, request.body.name),
      );
      return ok(result, RANKING_MESSAGES.criterionAdded);
    });

    app.patch(`${base}/criteria`, { ...authenticated, schema: renameCriterionRouteSchema }, async (request) => {
      const { openingId, criterionId, name } = request.body;
      const result = await manageCriteria(request, openingId, (tx, opening) =>
        renameCriterion(tx, opening, criterionId, name),
      );
      return ok(result, RANKING_MESSAGES.criterionRenamed);
    });

    app.delete(`${base}/criteria`, { ...authenticated, schema: removeCriterionRouteSchema }, async (request) => {
      const { openingId, criterionId } = request.query;
      const result = await manageCriteria(request, openingId, (tx, opening) =>
        removeCriterion(tx, opening, criterionId),
      );
      return ok(result, RANKING_MESSAGES.criterionRemoved);
    });

    app.get(`${base}/ratings`, { ...authenticated, schema: ratingsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, applicationId } = request.query;
      const opening = await loadOrganizationOpening(ctx.db, actor, access, openingId, 'ranking.view');
      await assertApplicationOf(ctx.db, opening.id, applicationId);
      const canRate = can(actor, 'ranking.rate', { access, opening });
      return ok(await candidateRatingsFor(ctx.db, actor.user.id, opening.id, applicationId, canRate));
    });

    app.put(`${base}/ratings`, { ...authenticated, schema: rateRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...input } = request.body;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'ranking.rate', 'share');
        await rate(tx, actor.user.id, opening.id, input);
        return candidateRatingsFor(tx, actor.user.id, opening.id, input.applicationId, true);
      });
      return ok(result, RANKING_MESSAGES.rated);
    });

    app.get(`${base}/recipe`, { ...authenticated, schema: recipeRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'ranking.view');
      return ok(await presentRecipe(ctx.db, actor, access, opening));
    });

    app.put(`${base}/recipe`, { ...authenticated, schema: saveRecipeRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const recipe = request.body.recipe as Recipe;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(
          tx,
          actor,
          access,
          request.body.openingId,
          'ranking.manage',
          'no key update',
        );
        assertRecipeFits(
          recipe,
          await criteriaOf(tx, opening.id),
          await rankableFields(tx, opening),
          await videoTasksOf(tx, opening.id),
          (await recipeOf(tx, opening.id))?.recipe ?? null,
        );
        await saveRecipe(tx, actor.user.id, opening.id, recipe);
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'ranking.recipeSaved',
          openingId: opening.id,
          details: { criteria: recipe.criteria.length, knockouts: recipe.knockouts.length },
        });
        return presentRecipe(tx, actor, access, opening);
      });
      return ok(result, RANKING_MESSAGES.recipeSaved);
    });

    app.get(`${base}/candidate/ranking`, { ...authenticated, schema: rankingRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...filter } = request.query;
      const opening = await loadOrganizationOpening(ctx.db, actor, access, openingId, 'ranking.view');
      return ok(await rankingPage(ctx.db, actor.user.id, opening, filter));
    });

    app.put(`${base}/candidate/pin`, { ...authenticated, schema: pinRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...input } = request.body;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'ranking.manage', 'share');
        await pin(tx, actor.user.id, opening.id, input);
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'candidate.pinned',
          openingId: opening.id,
          applicationId: input.applicationId,
          details: { direction: input.direction, reason: input.reason },
        });
        return { applicationId: input.applicationId, pin: await pinOf(tx, input.applicationId) };
      });
      return ok(result, RANKING_MESSAGES.pinned);
    });

    app.delete(`${base}/candidate/pin`, { ...authenticated, schema: unpinRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, applicationId } = request.query;
      const result = await ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'ranking.manage', 'share');
        const removed = await unpin(tx, opening.id, applicationId);
        if (removed) {
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'candidate.unpinned',
            openingId: opening.id,
            applicationId,
            details: { direction: removed.direction, reason: removed.reason },
          });
        }
        return { applicationId, pin: null };
      });
      return ok(result, RANKING_MESSAGES.unpinned);
    });
  };
}
