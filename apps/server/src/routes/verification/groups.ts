import type { InstitutionRole } from '@placely/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { institutionRoles, institutions, users, verificationGroupRoles, verificationGroups } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import { isVerificationAdmin, type VerificationGroupRow } from '../../policies/verification-group';
import { afterCursor, listJoined, VERIFICATION_CIRCLE } from '../../services/memberships';
import { notifyAwaitingApproval } from '../../services/notifications/events';
import { organizationAccessOf, organizationStandingOf } from '../../services/organizations';
import { anyRoleOf, type VerificationAccessTools } from './access';
import {
  adminVerificationGroupsSchema,
  approveVerificationGroupSchema,
  createVerificationGroupSchema,
  deleteVerificationGroupSchema,
  listVerificationGroupsSchema,
  platformRoleRouteSchema,
  updateVerificationGroupSchema,
} from './schema';

/** Verification groups themselves: the lists, create (for an institution or an organization), edit, delete, approval. */
export function verificationGroupRoutes(ctx: AppContext, tools: VerificationAccessTools): FastifyPluginAsyncZod {
  const { adminEmails, presentGroups, presentOne, loadAccess } = tools;
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    const listGroupsPage = async (
      actor: Actor,
      query: { cursor?: string; limit: number },
      where: SQL | undefined,
      organization: OrganizationAccess | null = null,
    ) => {
      const cursor = decodeTimeCursor(query.cursor);
      const rows = await ctx.db
        .select()
        .from(verificationGroups)
        .where(
          and(
            isNull(verificationGroups.deletedAt),
            where,
            afterCursor(cursor, verificationGroups.createdAt, verificationGroups.id, 'desc'),
          ),
        )
        .orderBy(desc(verificationGroups.createdAt), desc(verificationGroups.id))
        .limit(query.limit + 1);
      const { items: page, nextCursor } = pageFrom(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { items: await presentGroups(ctx.db, actor, page, organization), nextCursor };
    };

    app.get(
      '/api/verification/groups/verification',
      { ...authenticated, schema: actingForOrganization(listVerificationGroupsSchema) },
      async (request) => {
        const actor = actorOf(request);
        if (request.query.view === 'pending') {
          if (!isVerificationAdmin(actor, adminEmails)) {
            throw errors.forbidden('Only platform verification admins review pending verification groups.');
          }
          return ok(await listGroupsPage(actor, request.query, eq(verificationGroups.approvalState, 'pending')));
        }
        const joined = await listJoined<VerificationGroupRow>(
          ctx.db,
          VERIFICATION_CIRCLE,
          actor.user.id,
          request.query,
        );
        const organization = await organizationStandingOf(ctx.db, request, actor);
        return ok({
          items: await presentGroups(ctx.db, actor, joined.items, organization),
          nextCursor: joined.nextCursor,
        });
      },
    );

    app.get('/api/verification/admin', { ...authenticated, schema: platformRoleRouteSchema }, async (request) =>
      ok({ verificationAdmin: isVerificationAdmin(actorOf(request), adminEmails) }),
    );

    app.get(
      '/api/verification/groups/admin',
      { ...authenticated, schema: actingForOrganization(adminVerificationGroupsSchema) },
      async (request) => {
        const actor = actorOf(request);
        // With a role in them, or run by the organization the caller acts for (owners and coordinators).
        const organization = await organizationAccessOf(ctx.db, request, actor);
        return ok(await listGroupsPage(actor, request.query, anyRoleOf(actor.user.id, organization), organization));
      },
    );

    app.post(
      '/api/verification/group',
      { ...authenticated, schema: actingForOrganization(createVerificationGroupSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { institutionId, ...details } = request.body;
        const group = await ctx.db.transaction(async (tx) => {
          const organization = await organizationAccessOf(tx, request, actor);
          let institutionRole: InstitutionRole | null = null;
          if (institutionId !== null) {
            const [institution] = await tx
              .select({ id: institutions.id })
              .from(institutions)
              .where(eq(institutions.id, institutionId));
            if (!institution)
              throw errors.validation([{ field: 'institutionId', message: 'No institution has this id.' }]);
            const [held] = await tx
              .select({ role: institutionRoles.role })
              .from(institutionRoles)
              .where(
                and(eq(institutionRoles.institutionId, institutionId), eq(institutionRoles.userId, actor.user.id)),
              );
            institutionRole = held?.role ?? null;
          }
          authorize(actor, 'verificationGroup.create', { institutionId, institutionRole, organization });
          // An institution's group belongs to its creator; any other to the organization the caller acts for, whose
          // account holds the owner role (a coordinator who leaves the team takes no group with them).
          const ownerId = institutionId !== null ? actor.user.id : organization.organizationId;
          const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
          if (!owner) throw new Error('the owner of a new verification group is missing');
          const [row] = await tx
            .insert(verificationGroups)
            .values({ ...details, institutionId, ownerId })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await tx.insert(verificationGroupRoles).values({
            groupId: row.id,
            userId: ownerId,
            email: owner.email,
            role: 'owner',
            grantedBy: actor.user.id,
          });
          await notifyAwaitingApproval(tx, row, ctx.config.verificationAdminEmails);
          return presentOne(tx, actor, row, organization);
        });
        return ok(group, 'Verification group created; it goes live once a verification admin approves it');
      },
    );

    /** Owners and admins edit; platform verification admins approve or reject (the group row lock orders them). */
    const change =
      (action: 'verificationGroup.manage' | 'verificationGroup.approve') =>
      async (
        actor: Actor,
        organization: OrganizationAccess,
        id: string,
        values: PgUpdateSetSource<typeof verificationGroups>,
      ) =>
        ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, id, true, organization);
          authorize(actor, action, access);
          const [updated] = await tx
            .update(verificationGroups)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(verificationGroups.id, id))
            .returning();
          return presentOne(tx, actor, updated ?? access.group, organization);
        });

    app.patch(
      '/api/verification/group',
      { ...authenticated, schema: actingForOrganization(updateVerificationGroupSchema) },
      async (request) => {
        const { id, ...changes } = request.body;
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const group = await change('verificationGroup.manage')(actor, organization, id, changes);
        return ok(group, 'Verification group saved');
      },
    );

    app.delete(
      '/api/verification/group',
      { ...authenticated, schema: actingForOrganization(deleteVerificationGroupSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, request.query.id, true, organization);
          authorize(actor, 'verificationGroup.delete', access);
          await tx
            .update(verificationGroups)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(verificationGroups.id, access.group.id));
        });
        return ok({ id: request.query.id }, 'Verification group deleted');
      },
    );

    app.post(
      '/api/verification/group/approval',
      { ...authenticated, schema: actingForOrganization(approveVerificationGroupSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { id, decision } = request.body;
        const organization = await organizationStandingOf(ctx.db, request, actor);
        const group = await change('verificationGroup.approve')(actor, organization, id, {
          approvalState: decision,
          approvedBy: actor.user.id,
          approvedAt: sql`now()`,
        });
        return ok(group, decision === 'approved' ? 'Verification group approved' : 'Verification group rejected');
      },
    );
  };
}
