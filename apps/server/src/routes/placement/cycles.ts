import { PLACEMENT_MESSAGES } from '@placely/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../auth/authenticate';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { institutions, placementCycles } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import type { CellAccess } from '../../services/placement/access';
import {
  type CycleRow,
  cycleCountsOf,
  loadCell,
  loadCellCycle,
  newJoinToken,
  presentCycle,
} from '../../services/placement/cycles';
import { PLACEMENT_BASE } from './cells';
import { createCycleSchema, listCyclesSchema, readCycleSchema, rotateTokenSchema, updateCycleSchema } from './schema';

async function presentOne(db: Executor, actor: Actor, cycle: CycleRow, access: CellAccess) {
  const [institution] = await db
    .select({ name: institutions.name })
    .from(institutions)
    .where(eq(institutions.id, cycle.institutionId));
  const counts = await cycleCountsOf(db, [cycle.id]);
  return presentCycle(actor, cycle, institution?.name ?? '', access, counts.get(cycle.id) ?? null);
}

/** Cycles: the cell creates, edits and lists them (its policy is edited by the policy routes). */
export function placementCycleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = `${PLACEMENT_BASE}/cycles`;

    app.get(base, { ...authenticated, schema: listCyclesSchema }, async (request) => {
      const actor = actorOf(request);
      const { institution, access } = await loadCell(ctx.db, actor, request.query.institutionId, 'placementCell.view');
      const rows = await ctx.db
        .select()
        .from(placementCycles)
        .where(eq(placementCycles.institutionId, institution.id))
        .orderBy(desc(placementCycles.createdAt), desc(placementCycles.id));
      const counts = await cycleCountsOf(
        ctx.db,
        rows.map((row) => row.id),
      );
      return ok({
        items: rows.map((row) => presentCycle(actor, row, institution.name, access, counts.get(row.id) ?? null)),
      });
    });

    app.post(base, { ...authenticated, schema: createCycleSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId, ...values } = request.body;
      const cycle = await ctx.db.transaction(async (tx) => {
        const { access } = await loadCell(tx, actor, institutionId, 'placementCell.manageCycles');
        const [row] = await tx
          .insert(placementCycles)
          .values({ institutionId, ...values, joinToken: newJoinToken(), createdBy: actor.user.id })
          .returning();
        if (!row) throw new Error('cycle not written');
        return presentOne(tx, actor, row, access);
      });
      return ok(cycle, PLACEMENT_MESSAGES.cycleSaved);
    });

    app.get(`${base}/id`, { ...authenticated, schema: readCycleSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycle, access } = await loadCellCycle(ctx.db, actor, request.query.cycleId, 'placementCell.view');
      return ok(await presentOne(ctx.db, actor, cycle, access));
    });

    app.patch(base, { ...authenticated, schema: updateCycleSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, ...changes } = request.body;
      const cycle = await ctx.db.transaction(async (tx) => {
        const { cycle: current, access } = await loadCellCycle(tx, actor, cycleId, 'placementCell.manageCycles', true);
        const startsOn = changes.startsOn ?? current.startsOn;
        const endsOn = changes.endsOn ?? current.endsOn;
        if (startsOn > endsOn) {
          throw errors.validation([{ field: 'endsOn', message: 'Must be on or after the start' }]);
        }
        const [row] = await tx
          .update(placementCycles)
          .set({ ...changes, startsOn, endsOn, updatedAt: sql`now()` })
          .where(eq(placementCycles.id, cycleId))
          .returning();
        if (!row) throw errors.notFound('That cycle');
        return presentOne(tx, actor, row, access);
      });
      return ok(cycle, PLACEMENT_MESSAGES.cycleSaved);
    });

    app.post(`${base}/join-token`, { ...authenticated, schema: rotateTokenSchema }, async (request) => {
      const actor = actorOf(request);
      const cycle = await ctx.db.transaction(async (tx) => {
        const { access } = await loadCellCycle(tx, actor, request.body.cycleId, 'placementCell.manageCycles', true);
        const [row] = await tx
          .update(placementCycles)
          .set({ joinToken: newJoinToken(), updatedAt: sql`now()` })
          .where(eq(placementCycles.id, request.body.cycleId))
          .returning();
        if (!row) throw errors.notFound('That cycle');
        return presentOne(tx, actor, row, access);
      });
      return ok(cycle, PLACEMENT_MESSAGES.tokenRotated);
    });
  };
}
