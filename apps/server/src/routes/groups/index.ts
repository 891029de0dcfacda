import type { Group, MembershipState } from '@placely/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { groupMembers, groups } from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import type { GroupAccess, GroupMemberRow, GroupRow } from '../../policies/group';
import { isLiveGroup } from '../../policies/group';
import { type OrganizationAccess, runsForOrganization } from '../../policies/organization';
import { presentGroup } from '../../presenters/group';
import { afterCursor, circleCounts, GROUP_CIRCLE, listJoined, viewerStates } from '../../services/memberships';
import { organizationAccessOf, organizationStandingOf } from '../../services/organizations';
import { ownerSummaries, unknownOwner } from '../../services/people';
import { type MembershipKind, membershipRoutes, optionalActor } from '../memberships';
import {
  createGroupSchema,
  deleteGroupSchema,
  groupMembershipWords,
  listGroupsSchema,
  updateGroupSchema,
} from './schema';

function abilitiesFor(actor: Actor | null, access: GroupAccess, membership: MembershipState | null) {
  const { group } = access;
  const live = isLiveGroup(group);
  const withRow = { group, membership: null as GroupMemberRow | null };
  return {
    manage: actor !== null && can(actor, 'group.manage', access),
    delete: actor !== null && can(actor, 'group.delete', access),
    // Signed-out visitors see what signing in would let them do.
    join:
      membership !== 'member' &&
      membership !== 'requested' &&
      (actor ? can(actor, 'group.join', withRow) : live && group.joinPolicy !== 'closed'),
    leave: membership !== null,
    follow: actor ? can(actor, 'group.follow', group) : live,
  };
}

/** Presents groups with their counts, owners and the caller's standing, in three queries whatever the count. */
async function presentGroups(
  db: Executor,
  actor: Actor | null,
  rows: GroupRow[],
  organization: OrganizationAccess | null,
): Promise<Group[]> {
  const ids = rows.map((row) => row.id);
  const [counts, states, owners] = await readTogether(db, [
    () => circleCounts(db, GROUP_CIRCLE, ids),
    () => viewerStates(db, GROUP_CIRCLE, actor?.user.id ?? null, ids),
    () =>
      ownerSummaries(
        db,
        rows.map((row) => row.ownerId),
      ),
  ]);
  return rows.map((row) => {
    const viewer = states.get(row.id) ?? { membership: null, following: false };
    return presentGroup(row, {
      organization: owners.get(row.ownerId) ?? unknownOwner(row.ownerId),
      counts: counts.get(row.id) ?? { members: 0, requested: 0, followers: 0 },
      viewer,
      abilities: abilitiesFor(actor, { group: row, organization }, viewer.membership),
    });
  });
}

async function presentOne(db: Executor, actor: Actor | null, access: GroupAccess): Promise<Group> {
  const [group] = await presentGroups(db, actor, [access.group], access.organization);
  if (!group) throw new Error('presenting a group returned nothing');
  return group;
}

/** A live group by id; deleted and unknown ids are the same 404. */
async function loadGroup(db: Executor, id: string, lock = false): Promise<GroupRow> {
  const query = db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), isNull(groups.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw errors.notFound('That group');
  return row;
}

async function loadMembership(db: Executor, groupId: string, userId: number): Promise<GroupMemberRow | null> {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row ?? null;
}

/** Groups as a kind of membership circle: routes/memberships serves join, requests, people and follows from this. */
export const groupKind: MembershipKind<GroupAccess> = {
  circle: GROUP_CIRCLE,
  base: '/api/group',
  followingIdsPath: '/api/following/groups/ids',
  words: groupMembershipWords,
  load: async (db, _actor, id, lock, organization) => ({
    group: await loadGroup(db, id, lock),
    organization: organization ?? null,
  }),
  circleOf: (access) => access.group,
  present: presentOne,
  async authorize(db, actor, action, access) {
    const { group } = access;
    if (action === 'join' || action === 'leave') {
      const membership = await loadMembership(db, group.id, actor.user.id);
      authorize(actor, `group.${action}`, { group, membership });
    } else if (action === 'follow') authorize(actor, 'group.follow', group);
    // The organization's owners and coordinators run its groups; only they see the members.
    else authorize(actor, 'group.manage', access);
  },
  // The groups of the organization the caller acts for, when they run them there.
  scope: (_actor, _action, organization) =>
    runsForOrganization(organization, organization.organizationId)
      ? eq(groups.ownerId, organization.organizationId)
      : sql`false`,
  membersAction: 'manage',
};

export function groupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    await app.register(membershipRoutes(ctx, groupKind));

    app.get('/api/groups', { schema: actingForOrganization(listGroupsSchema) }, async (request) => {
      const { organizationId, limit } = request.query;
      const actor = await optionalActor(ctx, request.headers.authorization);
      const organization = actor ? await organizationStandingOf(ctx.db, request, actor) : null;
      // The owners and coordinators of the organization the caller acts for list its groups by default.
      const running =
        organization !== null && runsForOrganization(organization, organization.organizationId)
          ? organization.organizationId
          : undefined;
      const owner = organizationId ?? running;
      if (owner !== undefined) {
        // Those who run an organization's groups see them all; anyone else sees its public ones.
        const ownList = owner === running;
        const cursor = decodeTimeCursor(request.query.cursor);
        const rows = await ctx.db
          .select()
          .from(groups)
          .where(
            and(
              eq(groups.ownerId, owner),
              isNull(groups.deletedAt),
              ownList ? undefined : eq(groups.visibility, 'public'),
              afterCursor(cursor, groups.createdAt, groups.id, 'desc'),
            ),
          )
          .orderBy(desc(groups.createdAt), desc(groups.id))
          .limit(limit + 1);
        const { items: page, nextCursor } = pageFrom(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
        return ok({ items: await presentGroups(ctx.db, actor, page, organization), nextCursor });
      }
      if (!actor) throw errors.unauthenticated();
      const { items, nextCursor } = await listJoined<GroupRow>(ctx.db, GROUP_CIRCLE, actor.user.id, request.query);
      return ok({ items: await presentGroups(ctx.db, actor, items, organization), nextCursor });
    });

    app.post('/api/group', { ...authenticated, schema: actingForOrganization(createGroupSchema) }, async (request) => {
      const actor = actorOf(request);
      const group = await ctx.db.transaction(async (tx) => {
        const organization = await organizationAccessOf(tx, request, actor);
        authorize(actor, 'group.create', organization);
        const [row] = await tx
          .insert(groups)
          .values({ ...request.body, ownerId: organization.organizationId })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return presentOne(tx, actor, { group: row, organization });
      });
      return ok(group, 'Group created');
    });

    app.patch('/api/group', { ...authenticated, schema: actingForOrganization(updateGroupSchema) }, async (request) => {
      const actor = actorOf(request);
      const { id, ...changes } = request.body;
      const group = await ctx.db.transaction(async (tx) => {
        const organization = await organizationAccessOf(tx, request, actor);
        const row = await loadGroup(tx, id, true);
        authorize(actor, 'group.manage', { group: row, organization });
        const [updated] = await tx
          .update(groups)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(groups.id, row.id))
          .returning();
        return presentOne(tx, actor, { group: updated ?? row, organization });
      });
      return ok(group, 'Group saved');
    });

    app.delete(
      '/api/group',
      { ...authenticated, schema: actingForOrganization(deleteGroupSchema) },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db.transaction(async (tx) => {
          const organization = await organizationAccessOf(tx, request, actor);
          const row = await loadGroup(tx, request.query.id, true);
          authorize(actor, 'group.delete', { group: row, organization });
          await tx.update(groups).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(groups.id, row.id));
        });
        return ok({ id: request.query.id }, 'Group deleted');
      },
    );
  };
}
