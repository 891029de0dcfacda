import type { RoleGrantList } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users, verificationGroupRoles } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import type { VerificationGroupRow } from '../../policies/verification-group';
import { presentRoleGrant } from '../../presenters/verification-group';
import { organizationAccessOf, organizationStandingOf } from '../../services/organizations';
import { abilitiesFor, type VerificationAccessTools } from './access';
import { grantRoleSchema, listRolesSchema, revokeRoleSchema, userRoleRouteSchema } from './schema';

/**
 * Roles inside a verification group, granted by email (owner, admin, verifier, viewer), and the caller's own role.
 * The group row lock serialises role changes.
 */
export function verificationRoleRoutes(
  ctx: AppContext,
  { loadAccess }: VerificationAccessTools,
): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    const listRoles = async (db: Executor, group: VerificationGroupRow): Promise<RoleGrantList> => {
      const rows = await db
        .select({ grant: verificationGroupRoles, name: users.name })
        .from(verificationGroupRoles)
        .leftJoin(users, eq(users.id, verificationGroupRoles.userId))
        .where(eq(verificationGroupRoles.groupId, group.id))
        .orderBy(verificationGroupRoles.createdAt, verificationGroupRoles.email);
      return { roles: rows.map((row) => presentRoleGrant(row.grant, row.name, group)) };
    };

    app.get(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: actingForOrganization(listRolesSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const access = await loadAccess(ctx.db, actor, request.query.groupId, false, organization);
        authorize(actor, 'verificationGroup.manage', access);
        return ok(await listRoles(ctx.db, access.group));
      },
    );

    app.post(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: actingForOrganization(grantRoleSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const { groupId, email, role } = request.body;
        const roles = await ctx.db.transaction(async (tx) => {
          // The group row lock serialises role changes, so "the creator stays owner" cannot be raced.
          const access = await loadAccess(tx, actor, groupId, true, organization);
          authorize(actor, 'verificationGroup.manage', access);
          const [existing] = await tx
            .select()
            .from(verificationGroupRoles)
            .where(and(eq(verificationGroupRoles.groupId, groupId), eq(verificationGroupRoles.email, email)));
          if (role === 'owner' || existing?.role === 'owner') authorize(actor, 'verificationGroup.grantOwner', access);
          const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (existing && existing.role === 'owner' && holder?.id === access.group.ownerId && role !== 'owner') {
            throw errors.conflict("The group's creator stays its owner.");
          }
          await tx
            .insert(verificationGroupRoles)
            .values({ groupId, email, role, userId: holder?.id ?? null, grantedBy: actor.user.id })
            .onConflictDoUpdate({
              target: [verificationGroupRoles.groupId, verificationGroupRoles.email],
              set: { role, userId: holder?.id ?? null, grantedBy: actor.user.id, updatedAt: sql`now()` },
            });
          return listRoles(tx, access.group);
        });
        return ok(roles, `${email} is now ${role === 'admin' ? 'an admin' : `a ${role}`}`);
      },
    );

    app.delete(
      '/api/verification/group/userAccess/email',
      { ...authenticated, schema: actingForOrganization(revokeRoleSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationAccessOf(ctx.db, request, actor);
        const { groupId, email } = request.query;
        const roles = await ctx.db.transaction(async (tx) => {
          const access = await loadAccess(tx, actor, groupId, true, organization);
          authorize(actor, 'verificationGroup.manage', access);
          const [existing] = await tx
            .select()
            .from(verificationGroupRoles)
            .where(and(eq(verificationGroupRoles.groupId, groupId), eq(verificationGroupRoles.email, email)));
          if (!existing) throw errors.notFound('That role');
          if (existing.role === 'owner') {
            authorize(actor, 'verificationGroup.grantOwner', access);
            if (existing.userId === access.group.ownerId) throw errors.conflict("The group's creator stays its owner.");
          }
          await tx.delete(verificationGroupRoles).where(eq(verificationGroupRoles.id, existing.id));
          return listRoles(tx, access.group);
        });
        return ok(roles, `${email} no longer has a role`);
      },
    );

    app.get(
      '/api/verifications/group/user/role',
      { ...authenticated, schema: actingForOrganization(userRoleRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const organization = await organizationStandingOf(ctx.db, request, actor);
        const access = await loadAccess(ctx.db, actor, request.query.groupId, false, organization);
        return ok({
          groupId: access.group.id,
          role: access.role,
          institutionRole: access.institutionRole,
          abilities: abilitiesFor(actor, access),
        });
      },
    );
  };
}
