import { type CellLink, PLACEMENT_MESSAGES } from '@placely/contract';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { institutionRoles, institutions, organizationProfiles, organizations, users } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { organizationAccessOf } from '../../services/organizations';
import { cellInstitutionsOf } from '../../services/placement/access';
import {
  linkCellSchema,
  listCellLinksSchema,
  myCellsRouteSchema,
  requestCellLinkSchema,
  unlinkCellSchema,
} from './schema';

export const PLACEMENT_BASE = '/api/placement';

async function institutionRoleOf(db: Executor, userId: number, institutionId: number) {
  const [institution] = await db.select().from(institutions).where(eq(institutions.id, institutionId));
  if (!institution) throw errors.notFound('That institution');
  const [role] = await db
    .select({ role: institutionRoles.role })
    .from(institutionRoles)
    .where(and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.userId, userId)));
  return { institution, institutionRole: role?.role ?? null };
}

const linkColumns = {
  organizationId: organizations.id,
  organizationName: sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`,
  institutionId: organizations.institutionId,
  linkedAt: organizations.institutionLinkedAt,
};

function presentLink(row: {
  organizationId: number;
  organizationName: string;
  institutionId: number | null;
  linkedAt: Date | null;
}): CellLink {
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    institutionId: row.institutionId ?? 0,
    confirmed: row.linkedAt !== null,
    linkedAt: row.linkedAt?.toISOString() ?? null,
  };
}

async function loadLink(db: Executor, organizationId: number) {
  const [row] = await db
    .select(linkColumns)
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.id))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * The cell link (docs/ARCHITECTURE.md "Placement season"): the institution's root links an organization directly or
 * confirms its owner's request; one link per organization (asking for another institution replaces a request).
 */
export function placementCellRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(`${PLACEMENT_BASE}/cells`, { ...authenticated, schema: myCellsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const result = (await ctx.db.execute(sql`
        select i.id as institution_id, i.name as institution_name,
          case when exists (select 1 from institution_roles r where r.institution_id = i.id and r.user_id = ${actor.user.id})
            then 'owner' else (select om.role from organizations o
              join organization_members om on om.organization_id = o.id and om.user_id = ${actor.user.id}
                and om.revoked_at is null
              where o.institution_id = i.id and o.institution_linked_at is not null and o.deleted_at is null
              order by case om.role when 'owner' then 3 when 'coordinator' then 2 else 1 end desc limit 1) end as role
        from institutions i where i.id in ${cellInstitutionsOf(actor.user.id)}
        order by lower(i.name), i.id`)) as unknown as {
        rows: Array<{
          institution_id: number | string;
          institution_name: string;
          role: 'owner' | 'coordinator' | 'reviewer';
        }>;
      };
      return ok({
        items: result.rows.map((row) => ({
          institutionId: Number(row.institution_id),
          institutionName: row.institution_name,
          role: row.role,
        })),
      });
    });

    app.get(`${PLACEMENT_BASE}/cell-links`, { ...authenticated, schema: listCellLinksSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId } = request.query;
      authorize(actor, 'placementCell.link', await institutionRoleOf(ctx.db, actor.user.id, institutionId));
      const rows = await ctx.db
        .select(linkColumns)
        .from(organizations)
        .innerJoin(users, eq(users.id, organizations.id))
        .leftJoin(organizationProfiles, eq(organizationProfiles.userId, organizations.id))
        .where(and(eq(organizations.institutionId, institutionId), isNull(organizations.deletedAt)))
        .orderBy(sql`${organizations.institutionLinkedAt} is null desc`, organizations.id);
      return ok({ items: rows.map(presentLink) });
    });

    app.post(`${PLACEMENT_BASE}/cell-links`, { ...authenticated, schema: linkCellSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId, organizationId } = request.body;
      const link = await ctx.db.transaction(async (tx) => {
        authorize(actor, 'placementCell.link', await institutionRoleOf(tx, actor.user.id, institutionId));
        const [organization] = await tx
          .select()
          .from(organizations)
          .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
          .for('update');
        if (!organization) throw errors.notFound('That organization');
        if (organization.institutionLinkedAt !== null && organization.institutionId !== institutionId) {
          throw errors.conflict('This organization is the placement cell of another institution.');
        }
        await tx
          .update(organizations)
          .set({ institutionId, institutionLinkedAt: sql`coalesce(${organizations.institutionLinkedAt}, now())` })
          .where(eq(organizations.id, organizationId));
        return loadLink(tx, organizationId);
      });
      if (!link) throw errors.notFound('That organization');
      return ok(presentLink(link), PLACEMENT_MESSAGES.linked);
    });

    app.delete(`${PLACEMENT_BASE}/cell-links`, { ...authenticated, schema: unlinkCellSchema }, async (request) => {
      const actor = actorOf(request);
      const { institutionId, organizationId } = request.query;
      await ctx.db.transaction(async (tx) => {
        authorize(actor, 'placementCell.link', await institutionRoleOf(tx, actor.user.id, institutionId));
        const removed = await tx
          .update(organizations)
          .set({ institutionId: null, institutionLinkedAt: null, institutionLinkRequestedBy: null })
          .where(and(eq(organizations.id, organizationId), eq(organizations.institutionId, institutionId)))
          .returning({ id: organizations.id });
        if (removed.length === 0) throw errors.notFound('That link');
      });
      return ok({}, PLACEMENT_MESSAGES.unlinked);
    });

    app.post(
      `${PLACEMENT_BASE}/cell-links/request`,
      { ...authenticated, schema: requestCellLinkSchema },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId } = request.body;
        const access = await organizationAccessOf(ctx.db, request, actor);
        const link = await ctx.db.transaction(async (tx) => {
          authorize(actor, 'placementCell.requestLink', access);
          const [institution] = await tx.select().from(institutions).where(eq(institutions.id, institutionId));
          if (!institution) throw errors.notFound('That institution');
          const updated = await tx
            .update(organizations)
            .set({
              institutionId,
              // Asking again for the institution it already acts for changes nothing.
              institutionLinkedAt: sql`case when ${organizations.institutionId} = ${institutionId}
                then ${organizations.institutionLinkedAt} end`,
              institutionLinkRequestedBy: actor.user.id,
            })
            .where(
              and(
                eq(organizations.id, access.organizationId),
                or(isNull(organizations.institutionLinkedAt), eq(organizations.institutionId, institutionId)),
                isNull(organizations.deletedAt),
              ),
            )
            .returning({ linkedAt: organizations.institutionLinkedAt });
          if (updated.length === 0) {
            const [current] = await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(and(eq(organizations.id, access.organizationId), isNotNull(organizations.institutionLinkedAt)));
            throw current
              ? errors.conflict('This organization is already the placement cell of another institution.')
              : errors.notFound('That organization');
          }
          return loadLink(tx, access.organizationId);
        });
        if (!link) throw errors.notFound('That organization');
        return ok(presentLink(link), PLACEMENT_MESSAGES.linkRequested);
      },
    );
  };
}
