// The organization's own profile and its deletion, for the organization acted for (X-Organization-Id, else the
// caller's own organization account): every member reads the profile, owners edit it and delete the organization.
import { FILE_MESSAGES, type OrganizationProfileView, publicFileIdIn } from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  files,
  groups,
  openings,
  organizationMembers,
  organizationProfiles,
  organizations,
  users,
  verificationGroups,
} from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import { presentOrganizationProfile } from '../../presenters/profile';
import { lockOrganization, namedOrganization, organizationAccessOf, recordAudit } from '../../services/organizations';
import { loadProfileDetails } from '../../services/profile';
import { deleteOrganizationSchema, organizationProfileRouteSchema, updateOrganizationProfileSchema } from './schema';

/** The organization's profile as the caller sees it, with what the server lets them do to it. */
async function loadProfileView(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
): Promise<OrganizationProfileView> {
  const [row] = await db
    .select({ profile: organizationProfiles, accountName: users.name })
    .from(users)
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .where(eq(users.id, access.organizationId));
  if (!row) throw errors.notFound('That organization');
  return {
    organizationId: access.organizationId,
    profile: row.profile ? presentOrganizationProfile(row.profile) : null,
    name: row.profile?.name ?? row.accountName,
    abilities: {
      edit: can(actor, 'organization.editProfile', access),
      delete: can(actor, 'organization.delete', access),
    },
  };
}

/**
 * A logo address pointing at a file stored here must be a logo of this organization: another organization's
 * upload cannot be attached (400 naming `profile.logo`). Addresses elsewhere are the organization's own business.
 */
async function checkLogo(db: Executor, organizationId: number, logo: string): Promise<void> {
  const fileId = publicFileIdIn(logo);
  if (fileId === null) return;
  const [file] = await db
    .select({ ownerId: files.ownerId, purpose: files.purpose, status: files.status })
    .from(files)
    .where(eq(files.id, fileId));
  if (file && (file.ownerId !== organizationId || file.purpose !== 'logo' || file.status !== 'ready')) {
    throw errors.validation([{ field: 'profile.logo', message: FILE_MESSAGES.notOrganizationLogo }]);
  }
}

/** The profile fields an edit changed, for the audit trail (names only, never the values). */
function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key]));
}

export function organizationProfileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(
      '/api/organization/profile',
      { ...authenticated, schema: actingForOrganization(organizationProfileRouteSchema) },
      async (request) => {
        const actor = actorOf(request);
        const access = await organizationAccessOf(ctx.db, request, actor);
        authorize(actor, 'organization.viewProfile', access);
        return ok(await loadProfileView(ctx.db, actor, access));
      },
    );

    // Spec §6: "update account details" for an Organization. With X-Organization-Id an owner edits that organization's.
    app.post(
      '/api/organization/profile',
      { ...authenticated, schema: actingForOrganization(updateOrganizationProfileSchema) },
      async (request) => {
        const actor = actorOf(request);
        const { profile } = request.body;
        const saved = await ctx.db.transaction(async (tx) => {
          // Locked first, so a deletion running at the same time is decided before this edit reads the role.
          await lockOrganization(tx, namedOrganization(request) ?? actor.user.id);
          const access = await organizationAccessOf(tx, request, actor);
          authorize(actor, 'organization.editProfile', access);
          const [before] = await tx
            .select()
            .from(organizationProfiles)
            .where(eq(organizationProfiles.userId, access.organizationId));
          await tx
            .insert(organizationProfiles)
            .values({ userId: access.organizationId, ...profile })
            .onConflictDoUpdate({ target: organizationProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
          if (profile.logo !== null && profile.logo !== (before?.logo ?? null)) {
            await checkLogo(tx, access.organizationId, profile.logo);
          }
          const fields = changedFields(before ?? null, profile);
          if (fields.length > 0) {
            await recordAudit(tx, access.organizationId, actor.user.id, {
              kind: 'organization.profileEdited',
              details: { fields: fields.join(', ') },
            });
          }
          return {
            profileDetails: await loadProfileDetails(tx, actor.user.id),
            organization: await loadProfileView(tx, actor, access),
          };
        });
        return ok(saved, 'Profile saved');
      },
    );

    /**
     * Deleting an organization is a soft delete: the row, its applications and its audit trail stay, its openings,
     * groups and own verification groups are deleted (public links answer "not found"), every membership and open invitation is revoked, and nobody
     * acts for it again. The organization account keeps its sign-in (see ARCHITECTURE.md, organization teams).
     */
    app.delete(
      '/api/organization',
      { ...authenticated, schema: actingForOrganization(deleteOrganizationSchema) },
      async (request) => {
        const actor = actorOf(request);
        const result = await ctx.db.transaction(async (tx) => {
          // Concurrent deletions wait here; the second then reads the organization as deleted and is refused.
          await lockOrganization(tx, namedOrganization(request) ?? actor.user.id);
          const access = await organizationAccessOf(tx, request, actor);
          authorize(actor, 'organization.delete', access);
          const view = await loadProfileView(tx, actor, access);
          if (request.query.name !== view.name.trim()) {
            throw errors.validation([
              { field: 'name', message: "Type the organization's name exactly as it is shown to confirm." },
            ]);
          }
          const [deleted] = await tx
            .update(organizations)
            .set({ deletedAt: sql`now()`, deletedBy: actor.user.id, updatedAt: sql`now()` })
            .where(and(eq(organizations.id, access.organizationId), isNull(organizations.deletedAt)))
            .returning({ id: organizations.id });
          if (!deleted) throw errors.notFound('That organization');
          const closed = await tx
            .update(openings)
            .set({ status: 'closed', deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(openings.organizationId, access.organizationId), isNull(openings.deletedAt)))
            .returning({ id: openings.id });
          // Its groups and its own verification groups (not an institution's) go with it: their join links answer
          // "not found", nobody joins or follows them, no list shows them.
          const groupsDeleted = await tx
            .update(groups)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(groups.ownerId, access.organizationId), isNull(groups.deletedAt)))
            .returning({ id: groups.id });
          const verificationGroupsDeleted = await tx
            .update(verificationGroups)
            .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
            .where(
              and(
                eq(verificationGroups.ownerId, access.organizationId),
                isNull(verificationGroups.institutionId),
                isNull(verificationGroups.deletedAt),
              ),
            )
            .returning({ id: verificationGroups.id });
          const revoked = await tx
            .update(organizationMembers)
            .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
            .where(
              and(eq(organizationMembers.organizationId, access.organizationId), isNull(organizationMembers.revokedAt)),
            )
            .returning({ userId: organizationMembers.userId });
          await recordAudit(tx, access.organizationId, actor.user.id, {
            kind: 'organization.deleted',
            details: {
              name: view.name,
              openings: closed.length,
              groups: groupsDeleted.length,
              verificationGroups: verificationGroupsDeleted.length,
              members: revoked.filter((row) => row.userId !== null).length,
              invitations: revoked.filter((row) => row.userId === null).length,
            },
          });
          return { organizationId: access.organizationId, name: view.name };
        });
        return ok({ organizationId: result.organizationId }, `${result.name} was deleted`);
      },
    );
  };
}
