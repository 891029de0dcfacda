import { PLACEMENT_MESSAGES } from '@placely/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { cycleCompanies, institutions, organizations, placementCycles } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { organizationAccessOf } from '../../services/organizations';
import { companyLimitOf } from '../../services/placement/access';
import {
  companiesOf,
  loadCellCycleForCompany,
  loadCycleCompany,
  presentCycleCompany,
} from '../../services/placement/companies';
import { loadCellCycle } from '../../services/placement/cycles';
import { PLACEMENT_BASE } from './cells';
import {
  companyCyclesSchema,
  decideCompanySchema,
  inviteCompanySchema,
  listCompaniesSchema,
  registerCompanySchema,
} from './schema';

/** Company registration: a company asks (or the cell invites), the cell decides. Companies see only themselves. */
export function placementCompanyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(`${PLACEMENT_BASE}/companies`, { ...authenticated, schema: listCompaniesSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycleId, status } = request.query;
      const { cycle, access } = await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
      const limit = await companyLimitOf(ctx.db, access, cycle.id);
      const rows = await companiesOf(
        ctx.db,
        cycle.id,
        and(
          status ? eq(cycleCompanies.status, status) : undefined,
          limit ? inArray(cycleCompanies.organizationId, limit) : undefined,
        ) as ReturnType<typeof sql> | undefined,
      );
      return ok({ items: rows.map(presentCycleCompany) });
    });

    app.post(
      `${PLACEMENT_BASE}/companies/invite`,
      { ...authenticated, schema: inviteCompanySchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, organizationId, note } = request.body;
        const row = await ctx.db.transaction(async (tx) => {
          await loadCellCycleForCompany(tx, actor, cycleId, organizationId);
          const [organization] = await tx
            .select({ id: organizations.id, deletedAt: organizations.deletedAt })
            .from(organizations)
            .where(eq(organizations.id, organizationId));
          if (!organization || organization.deletedAt) throw errors.notFound('That organization');
          const inserted = await tx
            .insert(cycleCompanies)
            .values({ cycleId, organizationId, status: 'invited', note: note || null, requestedBy: actor.user.id })
            .onConflictDoNothing()
            .returning({ id: cycleCompanies.id });
          if (inserted.length === 0) {
            // A company that asked is simply approved by the invitation; any other state stays.
            await tx
              .update(cycleCompanies)
              .set({ status: 'approved', decidedBy: actor.user.id, decidedAt: sql`now()`, updatedAt: sql`now()` })
              .where(
                and(
                  eq(cycleCompanies.cycleId, cycleId),
                  eq(cycleCompanies.organizationId, organizationId),
                  eq(cycleCompanies.status, 'requested'),
                ),
              );
          }
          return loadCycleCompany(tx, cycleId, organizationId);
        });
        return ok(presentCycleCompany(row), PLACEMENT_MESSAGES.companyInvited);
      },
    );

    app.post(
      `${PLACEMENT_BASE}/companies/decide`,
      { ...authenticated, schema: decideCompanySchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, organizationId, decision, note } = request.body;
        const row = await ctx.db.transaction(async (tx) => {
          await loadCellCycleForCompany(tx, actor, cycleId, organizationId);
          const updated = await tx
            .update(cycleCompanies)
            .set({
              status: decision === 'approve' ? 'approved' : 'rejected',
              ...(note ? { note } : {}),
              decidedBy: actor.user.id,
              decidedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(cycleCompanies.cycleId, cycleId), eq(cycleCompanies.organizationId, organizationId)))
            .returning({ id: cycleCompanies.id });
          if (updated.length === 0) throw errors.notFound('That registration');
          return loadCycleCompany(tx, cycleId, organizationId);
        });
        return ok(presentCycleCompany(row), PLACEMENT_MESSAGES.companyDecided);
      },
    );

    // The company's side (X-Organization-Id).

    app.get(`${PLACEMENT_BASE}/company/cycles`, { ...authenticated, schema: companyCyclesSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      authorize(actor, 'placementCompany.act', access);
      const { institutionId } = request.query;
      const rows = await ctx.db
        .select({ cycle: placementCycles, institutionName: institutions.name, registration: cycleCompanies.status })
        .from(placementCycles)
        .innerJoin(institutions, eq(institutions.id, placementCycles.institutionId))
        .leftJoin(
          cycleCompanies,
          and(eq(cycleCompanies.cycleId, placementCycles.id), eq(cycleCompanies.organizationId, access.organizationId)),
        )
        .where(
          institutionId !== undefined
            ? and(eq(placementCycles.institutionId, institutionId), eq(placementCycles.status, 'active'))
            : sql`${cycleCompanies.id} is not null`,
        )
        .orderBy(desc(placementCycles.createdAt), desc(placementCycles.id))
        .limit(200);
      return ok({
        items: rows.map((row) => ({
          cycleId: row.cycle.id,
          name: row.cycle.name,
          kind: row.cycle.kind,
          institutionId: row.cycle.institutionId,
          institutionName: row.institutionName,
          startsOn: row.cycle.startsOn,
          endsOn: row.cycle.endsOn,
          status: row.cycle.status,
          registration: row.registration,
        })),
      });
    });

    app.post(
      `${PLACEMENT_BASE}/company/registrations`,
      { ...authenticated, schema: registerCompanySchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, note } = request.body;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const row = await ctx.db.transaction(async (tx) => {
          authorize(actor, 'placementCompany.act', access);
          const [cycle] = await tx.select().from(placementCycles).where(eq(placementCycles.id, cycleId));
          const [existing] = cycle
            ? await tx
                .select()
                .from(cycleCompanies)
                .where(
                  and(eq(cycleCompanies.cycleId, cycleId), eq(cycleCompanies.organizationId, access.organizationId)),
                )
                .for('update')
            : [];
          // A draft cycle is the cell's alone; an invited company may still accept it.
          if (!cycle || (cycle.status === 'draft' && !existing)) throw errors.notFound('That cycle');
          if (!existing) {
            if (cycle.status !== 'active') throw errors.conflict('This cycle no longer takes registrations.');
            await tx.insert(cycleCompanies).values({
              cycleId,
              organizationId: access.organizationId,
              status: 'requested',
              note: note || null,
              requestedBy: actor.user.id,
            });
          } else if (existing.status === 'invited') {
            await tx
              .update(cycleCompanies)
              .set({ status: 'approved', decidedAt: sql`now()`, updatedAt: sql`now()` })
              .where(eq(cycleCompanies.id, existing.id));
          } else if (existing.status === 'rejected') {
            throw errors.conflict('The placement cell declined this registration.');
          }
          return loadCycleCompany(tx, cycleId, access.organizationId);
        });
        return ok(presentCycleCompany(row), PLACEMENT_MESSAGES.companyRequested);
      },
    );
  };
}
