import { PLACEMENT_MESSAGES } from '@placely/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { applications, cycleCompanies, cycleOpenings, openings, placementCycles } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf } from '../../services/organizations';
import { companyLimitOf } from '../../services/placement/access';
import {
  cycleOpeningViews,
  loadCellCycleForCompany,
  loadCycleOpeningView,
  presentCycleOpening,
} from '../../services/placement/companies';
import { loadCellCycle } from '../../services/placement/cycles';
import { cycleOpeningStages } from '../../services/placement/notices';
import { PLACEMENT_BASE } from './cells';
import {
  companyCycleOpeningsSchema,
  decideCycleOpeningSchema,
  listCycleOpeningStagesSchema,
  listCycleOpeningsSchema,
  submitCycleOpeningSchema,
} from './schema';

/**
 * Opening approval: a company attaches its opening to a cycle it is approved in (openings.cycle_id and a
 * cycle_openings row, pending); the cell approves it (then it reaches the cycle's enrolled students: the feed and
 * the form, routes/openings/feed.ts and services/applications) or sends it back with a comment.
 */
export function placementOpeningRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.post(
      `${PLACEMENT_BASE}/company/openings`,
      { ...authenticated, schema: submitCycleOpeningSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, openingId, ctcAmount, ctcCurrency, ctcPeriod } = request.body;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const row = await ctx.db.transaction(async (tx) => {
          authorize(actor, 'placementCompany.act', access);
          const opening = await loadOrganizationOpening(tx, actor, access, openingId, 'opening.change', 'update');
          const [registration] = await tx
            .select({ status: cycleCompanies.status, cycleStatus: placementCycles.status })
            .from(cycleCompanies)
            .innerJoin(placementCycles, eq(placementCycles.id, cycleCompanies.cycleId))
            .where(and(eq(cycleCompanies.cycleId, cycleId), eq(cycleCompanies.organizationId, access.organizationId)));
          if (!registration) throw errors.notFound('That cycle');
          if (registration.status !== 'approved') {
            throw errors.forbidden('The placement cell has not approved your company for this cycle yet.');
          }
          if (registration.cycleStatus === 'closed') throw errors.conflict('This cycle is closed.');
          if (opening.cycleId !== null && opening.cycleId !== cycleId) {
            throw errors.conflict('This opening belongs to another cycle.');
          }
          if (opening.cycleId === null) {
            const [applied] = await tx
              .select({ id: applications.id })
              .from(applications)
              .where(eq(applications.openingId, opening.id))
              .limit(1);
            if (applied) {
              throw errors.conflict('This opening already has applications: only a new opening can join a cycle.');
            }
          }
          const [current] = await tx.select().from(cycleOpenings).where(eq(cycleOpenings.openingId, openingId));
          if (current?.status === 'approved') {
            throw errors.conflict('The placement cell already approved this opening.');
          }
          await tx.update(openings).set({ cycleId }).where(eq(openings.id, openingId));
          await tx
            .insert(cycleOpenings)
            .values({
              openingId,
              cycleId,
              organizationId: access.organizationId,
              ctcAmount,
              ctcCurrency,
              ctcPeriod,
              submittedBy: actor.user.id,
            })
            .onConflictDoUpdate({
              target: cycleOpenings.openingId,
              set: {
                status: 'pending',
                ctcAmount,
                ctcCurrency,
                ctcPeriod,
                submittedBy: actor.user.id,
                updatedAt: sql`now()`,
              },
            });
          return loadCycleOpeningView(tx, openingId);
        });
        return ok(presentCycleOpening(row), PLACEMENT_MESSAGES.openingSubmitted);
      },
    );

    app.get(
      `${PLACEMENT_BASE}/company/openings`,
      { ...authenticated, schema: companyCycleOpeningsSchema },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        authorize(actor, 'placementCompany.act', access);
        const { cycleId } = request.query;
        const rows = await cycleOpeningViews(ctx.db)
          .where(
            and(
              eq(cycleOpenings.organizationId, access.organizationId),
              cycleId ? eq(cycleOpenings.cycleId, cycleId) : undefined,
              sql`${openings.deletedAt} is null`,
            ),
          )
          .orderBy(asc(cycleOpenings.createdAt), asc(cycleOpenings.openingId))
          .limit(500);
        return ok({ items: rows.map(presentCycleOpening) });
      },
    );

    app.get(`${PLACEMENT_BASE}/openings`, { ...authenticated, schema: listCycleOpeningsSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, status } = request.query;
      const { cycle, access } = await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
      const limit = await companyLimitOf(ctx.db, access, cycle.id);
      const rows = await cycleOpeningViews(ctx.db)
        .where(
          and(
            eq(cycleOpenings.cycleId, cycle.id),
            status ? eq(cycleOpenings.status, status) : undefined,
            limit ? inArray(cycleOpenings.organizationId, limit) : undefined,
            sql`${openings.deletedAt} is null`,
          ),
        )
        .orderBy(asc(cycleOpenings.createdAt), asc(cycleOpenings.openingId))
        .limit(1000);
      return ok({ items: rows.map(presentCycleOpening) });
    });

    app.get(
      `${PLACEMENT_BASE}/openings/stages`,
      { ...authenticated, schema: listCycleOpeningStagesSchema },
      async (request) => {
        const actor = actorOf(request);
        const [attached] = await ctx.db
          .select({ cycleId: cycleOpenings.cycleId, organizationId: cycleOpenings.organizationId })
          .from(cycleOpenings)
          .where(eq(cycleOpenings.openingId, request.query.openingId));
        if (!attached) throw errors.notFound('That cycle opening');
        const { cycle, access } = await loadCellCycle(ctx.db, actor, attached.cycleId, 'placementCell.view');
        // A coordinator limited to some companies does not learn of the others' openings.
        const limit = await companyLimitOf(ctx.db, access, cycle.id);
        if (limit && !limit.includes(attached.organizationId)) throw errors.notFound('That cycle opening');
        return ok({ items: await cycleOpeningStages(ctx.db, cycle.id, request.query.openingId) });
      },
    );

    app.post(
      `${PLACEMENT_BASE}/openings/decide`,
      { ...authenticated, schema: decideCycleOpeningSchema },
      async (request) => {
        const actor = actorOf(request);
        const { openingId, decision, comment } = request.body;
        const row = await ctx.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(cycleOpenings)
            .where(eq(cycleOpenings.openingId, openingId))
            .for('update');
          if (!current) throw errors.notFound('That cycle opening');
          await loadCellCycleForCompany(tx, actor, current.cycleId, current.organizationId);
          await tx
            .update(cycleOpenings)
            .set({
              status: decision === 'approve' ? 'approved' : 'sent_back',
              comment: comment || (decision === 'approve' ? current.comment : null),
              decidedBy: actor.user.id,
              decidedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(cycleOpenings.openingId, openingId));
          return loadCycleOpeningView(tx, openingId);
        });
        return ok(presentCycleOpening(row), PLACEMENT_MESSAGES.openingDecided);
      },
    );
  };
}
