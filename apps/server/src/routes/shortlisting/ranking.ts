import {
  RANKING_MESSAGES,
  RANKING_TIE_BREAK,
  type RatingCriterion,
  type Recipe,
  type RecipeState,
} from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorFromFirstRead, actorOf, claimsOf, signedInColumns } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { openings, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { OpeningRow } from '../../presenters/opening';
import {
  currentFormColumn,
  loadOrganizationOpening,
  namedOpeningOfOrganization,
} from '../../services/organization-openings';
import {
  type AuditEntry,
  accessFromMembership,
  actingForOf,
  membershipOfCaller,
  organizationAccessOf,
  recordAudit,
} from '../../services/organizations';
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
  rankableFieldsOf,
  rankingPage,
  rate,
  recipeOf,
  removeCriterion,
  renameCriterion,
  roundsOfOpening,
  saveRecipe,
  unpin,
  videoTasksOf,
} from '../../services/shortlisting/ranking';
import { buildStateJson, buildStateOf } from '../../services/shortlisting/ranking-store';
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
  const [saved, fields, criteria, videoTasks, rounds] = await readTogether(db, [
    () => recipeOf(db, opening.id),
    () => rankableFields(db, opening),
    () => criteriaOf(db, opening.id),
    () => videoTasksOf(db, opening.id),
    () => roundsOfOpening(db, opening.id),
  ]);
  const manage = can(actor, 'ranking.manage', record);
  return {
    openingId: opening.id,
    recipe: saved?.recipe ?? null,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
    fields,
    criteria,
    videoTasks: presentableVideoTasks(videoTasks, saved?.recipe),
    rounds,
    tieBreak: RANKING_TIE_BREAK,
    abilities: { change: manage, pin: manage },
  };
}

/**
 * The ranked page's first read, prepared once: the caller (user row, session check, membership of the organization
 * the request acts for) and the opening, with the state of its stored ranking, its rating criteria and its current
 * form. An unchanged opening's page is then this read, the page beside its total, and the page's explanation. A left
 * join keeps the caller's row when the opening is not the organization's, so refusals come in order (401, 403, 404).
 * Exported for the bench, which runs the same statement as its baseline.
 */
export function rankingCallerAndOpeningQuery(db: Database) {
  return db
    .select({
      ...signedInColumns,
      membership: membershipOfCaller(sql`${sql.placeholder('organizationId')}::bigint`),
      opening: openings,
      buildState: buildStateJson(sql`${openings.id}`),
      criteria: sql<RatingCriterion[] | null>`(select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name,
          'position', c.position) order by c.position, c.created_at)
        from rating_criteria c where c.opening_id = ${openings.id})`,
      currentForm: currentFormColumn(),
    })
    .from(users)
    .leftJoin(openings, namedOpeningOfOrganization())
    .where(eq(users.id, sql.placeholder('userId')));
}

/** Ratings, criteria, the ranking recipe, the ranked list and pins, under /api/organization/shortlisting/…. */
export function rankingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const callerAndOpening = rankingCallerAndOpeningQuery(ctx.db).prepare('ranking_caller_opening');
    const base = '/api/organization/shortlisting';

    /** authenticate → (validated) → transaction → load with the opening locked → authorize → act → present. */
    const manageCriteria = async (
      request: Parameters<typeof actorOf>[0],
      openingId: string,
      act: (tx: Executor, opening: OpeningRow) => Promise<AuditEntry>,
    ) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      return ctx.db.transaction(async (tx) => {
        const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'ranking.manage', 'no key update');
        await recordAudit(tx, access.organizationId, actor.user.id, await act(tx, opening));
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
        await recordAudit(tx, access.organizationId, actor.user.id, await rate(tx, actor.user.id, opening.id, input));
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
          await roundsOfOpening(tx, opening.id),
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

    app.get(
      `${base}/candidate/ranking`,
      { onRequest: ctx.authenticate.inFirstRead, schema: rankingRouteSchema },
      async (request) => {
        const { openingId, ...filter } = request.query;
        const { userId, sessionId } = claimsOf(request);
        const { organizationId, named } = actingForOf(request, userId);
        const read = await callerAndOpening.execute({ userId, sessionId, organizationId, id: openingId });
        const { actor, row: found } = actorFromFirstRead(request, read[0]);
        const access = accessFromMembership(organizationId, named, found.membership);
        authorize(actor, 'organization.actFor', access);
        const { opening } = found;
        if (!opening) throw errors.notFound('That opening');
        authorize(actor, 'ranking.view', { access, opening });
        return ok(
          await rankingPage(ctx.db, actor.user.id, opening, filter, {
            buildState: buildStateOf(found.buildState),
            criteria: found.criteria ?? [],
            fields: rankableFieldsOf(found.currentForm),
          }),
        );
      },
    );

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
