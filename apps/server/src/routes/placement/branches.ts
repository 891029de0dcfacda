import { PLACEMENT_LIMITS, PLACEMENT_MESSAGES } from '@placely/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { institutionBranches, institutions } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { branchesOf, branchMatcher, cleanAliases, presentBranch } from '../../services/placement/branches';
import { loadCell } from '../../services/placement/cycles';
import { PLACEMENT_BASE } from './cells';
import {
  createBranchSchema,
  deleteBranchSchema,
  listBranchesSchema,
  matchBranchesSchema,
  updateBranchSchema,
} from './schema';

const DUPLICATE = 'This programme already has a branch of that name.';

/** The institution's programme and branch list with aliases (services/placement/branches.ts maps text onto it). */
export function placementBranchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = `${PLACEMENT_BASE}/branches`;

    app.get(base, { ...authenticated, schema: listBranchesSchema }, async (request) => {
      const [institution] = await ctx.db
        .select({ id: institutions.id })
        .from(institutions)
        .where(eq(institutions.id, request.query.institutionId));
      if (!institution) throw errors.notFound('That institution');
      return ok({ items: (await branchesOf(ctx.db, institution.id)).map(presentBranch) });
    });

    app.post(base, { ...authenticated, schema: createBranchSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId, degree, name, aliases } = request.body;
      try {
        const branch = await ctx.db.transaction(async (tx) => {
          await loadCell(tx, actor, institutionId, 'placementCell.manageBranches');
          const [{ value } = { value: 0 }] = await tx
            .select({ value: count() })
            .from(institutionBranches)
            .where(eq(institutionBranches.institutionId, institutionId));
          if (value >= PLACEMENT_LIMITS.maxBranches) {
            throw errors.conflict(`An institution has at most ${PLACEMENT_LIMITS.maxBranches} branches.`);
          }
          const [row] = await tx
            .insert(institutionBranches)
            .values({ institutionId, degree, name, aliases: cleanAliases(name, aliases ?? []) })
            .returning();
          if (!row) throw new Error('branch not written');
          return row;
        });
        return ok(presentBranch(branch), PLACEMENT_MESSAGES.branchSaved);
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(DUPLICATE);
        throw error;
      }
    });

    app.patch(base, { ...authenticated, schema: updateBranchSchema }, async (request) => {
      const actor = actorOf(request);
      const { branchId, ...changes } = request.body;
      try {
        const branch = await ctx.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(institutionBranches)
            .where(eq(institutionBranches.id, branchId))
            .for('update');
          if (!current) throw errors.notFound('That branch');
          await loadCell(tx, actor, current.institutionId, 'placementCell.manageBranches');
          const name = changes.name ?? current.name;
          const [row] = await tx
            .update(institutionBranches)
            .set({
              degree: changes.degree ?? current.degree,
              name,
              aliases: cleanAliases(name, changes.aliases ?? current.aliases),
              updatedAt: sql`now()`,
            })
            .where(eq(institutionBranches.id, branchId))
            .returning();
          if (!row) throw errors.notFound('That branch');
          return row;
        });
        return ok(presentBranch(branch), PLACEMENT_MESSAGES.branchSaved);
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(DUPLICATE);
        throw error;
      }
    });

    app.delete(base, { ...authenticated, schema: deleteBranchSchema }, async (request) => {
      const actor = actorOf(request);
      await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(institutionBranches)
          .where(eq(institutionBranches.id, request.query.branchId))
          .for('update');
        if (!current) throw errors.notFound('That branch');
        await loadCell(tx, actor, current.institutionId, 'placementCell.manageBranches');
        // Students on it keep the value as text (the key sets branch_id null).
        await tx.execute(sql`update cycle_enrolments set branch_text = ${current.name}
          where branch_id = ${current.id} and branch_text is null`);
        await tx
          .delete(institutionBranches)
          .where(
            and(eq(institutionBranches.id, current.id), eq(institutionBranches.institutionId, current.institutionId)),
          );
      });
      return ok({}, PLACEMENT_MESSAGES.branchDeleted);
    });

    app.post(`${base}/match`, { ...authenticated, schema: matchBranchesSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId, texts } = request.body;
      await loadCell(ctx.db, actor, institutionId, 'placementCell.view');
      const match = branchMatcher(await branchesOf(ctx.db, institutionId));
      return ok({
        items: texts.map((text) => {
          const branch = match(text);
          return { text, branch: branch ? presentBranch(branch) : null };
        }),
      });
    });
  };
}
