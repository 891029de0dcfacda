import type { Group, MembershipState } from '@placely/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import type { GroupMemberRow, GroupRow } from '../../policies/group';
import { isLiveGroup } from '../../policies/group';
import { isOrganization } from '../../policies/user';
import { presentGroup, presentGroupPerson, presentGroupRequest } from '../../presenters/group';
import {
  afterCursor,
  circleCounts,
  decideRequests,
  follow,
  followingIds,
  GROUP_CIRCLE,
  joinCircle,
  leaveCircle,
  listPeople,
  listRequests,
  lockRequests,
  type ManagedScope,
  removePerson,
  unfollow,
  viewerStates,
} from '../../services/memberships';
import { ownerSummaries, personSummaries, unknownOwner, unknownPerson } from '../../services/people';
import {
  acceptRequestsSchema,
  createGroupSchema,
  declineRequestsSchema,
  deleteGroupSchema,
  followGroupSchema,
  followingGroupIdsSchema,
  groupDetailsSchema,
  groupFollowersSchema,
  groupMembersSchema,
  groupRequestsSchema,
  joinGroupSchema,
  leaveGroupSchema,
  listGroupsSchema,
  removeFollowerSchema,
  removeMemberSchema,
  unfollowGroupSchema,
  updateGroupSchema,
} from './schema';

function abilitiesFor(actor: Actor | null, group: GroupRow, membership: MembershipState | null) {
  const live = isLiveGroup(group);
  const withRow = { group, membership: null as GroupMemberRow | null };
  return {
    manage: actor !== null && can(actor, 'group.manage', group),
    delete: actor !== null && can(actor, 'group.delete', group),
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
async function presentGroups(db: Executor, actor: Actor | null, rows: GroupRow[]): Promise<Group[]> {
  const ids = rows.map((row) => row.id);
  const [counts, states, owners] = await Promise.all([
    circleCounts(db, GROUP_CIRCLE, ids),
    viewerStates(db, GROUP_CIRCLE, actor?.user.id ?? null, ids),
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
      abilities: abilitiesFor(actor, row, viewer.membership),
    });
  });
}

async function presentOne(db: Executor, actor: Actor | null, row: GroupRow): Promise<Group> {
  const [group] = await presentGroups(db, actor, [row]);
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

export function groupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    /** Public routes still recognise a signed-in caller; a bad token is a 401 so the client can refresh. */
    const optionalActor = async (authorization: string | undefined): Promise<Actor | null> =>
      authorization ? ctx.authenticate.resolveActor(authorization) : null;

    /** The groups a caller manages, or one of them (403 when that one is not theirs). */
    const managedScope = async (actor: Actor, groupId: string | undefined): Promise<ManagedScope> => {
      if (groupId) authorize(actor, 'group.manage', await loadGroup(ctx.db, groupId));
      return { managed: eq(groups.ownerId, actor.user.id), groupId };
    };

    app.get('/api/groups', { schema: listGroupsSchema }, async (request) => {
      const { organizationId, limit } = request.query;
      const cursor = decodeTimeCursor(request.query.cursor);
      const actor = await optionalActor(request.headers.authorization);
      const organizationCaller = actor !== null && isOrganization(actor.user) ? actor.user.id : undefined;
      const owner = organizationId ?? organizationCaller;
      if (owner !== undefined) {
        // Organizations see all their own groups; anyone else sees an organization's public ones.
        const ownList = owner === organizationCaller;
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
        return ok({ items: await presentGroups(ctx.db, actor, page), nextCursor });
      }
      if (!actor) throw errors.unauthenticated();
      const rows = await ctx.db
        .select({ group: groups, at: groupMembers.requestedAt, memberRowId: groupMembers.id })
        .from(groupMembers)
        .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.deletedAt)))
        .where(
          and(
            eq(groupMembers.userId, actor.user.id),
            afterCursor(cursor, groupMembers.requestedAt, groupMembers.id, 'desc'),
          ),
        )
        .orderBy(desc(groupMembers.requestedAt), desc(groupMembers.id))
        .limit(limit + 1);
      const { items: page, nextCursor } = pageFrom(rows, limit, (row) => ({ at: row.at, id: row.memberRowId }));
      return ok({
        items: await presentGroups(
          ctx.db,
          actor,
          page.map((row) => row.group),
        ),
        nextCursor,
      });
    });

    app.post('/api/group', { ...authenticated, schema: createGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const group = await ctx.db.transaction(async (tx) => {
        authorize(actor, 'group.create', null);
        const [row] = await tx
          .insert(groups)
          .values({ ...request.body, ownerId: actor.user.id })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return presentOne(tx, actor, row);
      });
      return ok(group, 'Group created');
    });

    app.patch('/api/group', { ...authenticated, schema: updateGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const { id, ...changes } = request.body;
      const group = await ctx.db.transaction(async (tx) => {
        const row = await loadGroup(tx, id, true);
        authorize(actor, 'group.manage', row);
        const [updated] = await tx
          .update(groups)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(groups.id, row.id))
          .returning();
        return presentOne(tx, actor, updated ?? row);
      });
      return ok(group, 'Group saved');
    });

    app.delete('/api/group', { ...authenticated, schema: deleteGroupSchema }, async (request) => {
      const actor = actorOf(request);
      await ctx.db.transaction(async (tx) => {
        const row = await loadGroup(tx, request.query.id, true);
        authorize(actor, 'group.delete', row);
        await tx.update(groups).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(groups.id, row.id));
      });
      return ok({ id: request.query.id }, 'Group deleted');
    });

    app.get('/api/group/details/id', { schema: groupDetailsSchema }, async (request) => {
      const actor = await optionalActor(request.headers.authorization);
      return ok(await presentOne(ctx.db, actor, await loadGroup(ctx.db, request.query.id)));
    });

    app.post('/api/group/join', { ...authenticated, schema: joinGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const { group, state } = await ctx.db.transaction(async (tx) => {
        const row = await loadGroup(tx, request.body.groupId);
        const membership = await loadMembership(tx, row.id, actor.user.id);
        authorize(actor, 'group.join', { group: row, membership });
        const state = await joinCircle(tx, GROUP_CIRCLE, row.id, actor.user.id, row.joinPolicy === 'open');
        return { group: await presentOne(tx, actor, row), state };
      });
      return ok(group, state === 'member' ? `You are a member of ${group.name}` : 'Request sent');
    });

    app.post('/api/group/leave', { ...authenticated, schema: leaveGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const group = await ctx.db.transaction(async (tx) => {
        const row = await loadGroup(tx, request.body.groupId);
        const membership = await loadMembership(tx, row.id, actor.user.id);
        authorize(actor, 'group.leave', { group: row, membership });
        await leaveCircle(tx, GROUP_CIRCLE, row.id, actor.user.id);
        return presentOne(tx, actor, row);
      });
      return ok(group, 'You left the group');
    });

    app.get('/api/group/groupJoiningRequests', { ...authenticated, schema: groupRequestsSchema }, async (request) => {
      const actor = actorOf(request);
      const scope = await managedScope(actor, request.query.groupId);
      const { items: page, nextCursor } = await listRequests(ctx.db, GROUP_CIRCLE, scope, request.query);
      const people = await personSummaries(
        ctx.db,
        page.map((row) => row.userId),
      );
      return ok({
        items: page.map((row) => presentGroupRequest(row, people.get(row.userId) ?? unknownPerson(row.userId))),
        nextCursor,
      });
    });

    const decide =
      (decision: 'member' | 'declined') => async (request: { body: { ids: string[] }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const result = await ctx.db.transaction(async (tx) => {
          const scope = { managed: eq(groups.ownerId, actor.user.id) };
          const locked = await lockRequests(tx, GROUP_CIRCLE, scope, request.body.ids);
          for (const groupId of new Set(locked.map((row) => row.groupId))) {
            authorize(actor, 'group.manage', await loadGroup(tx, groupId));
          }
          return decideRequests(tx, GROUP_CIRCLE, locked, decision, actor.user.id);
        });
        const noun = result.requests.length === 1 ? 'Request' : 'Requests';
        return ok(result, decision === 'member' ? `${noun} accepted` : `${noun} declined`);
      };
    app.post('/api/group/request/accept', { ...authenticated, schema: acceptRequestsSchema }, decide('member'));
    app.post('/api/group/request/decline', { ...authenticated, schema: declineRequestsSchema }, decide('declined'));

    const people =
      (kind: 'members' | 'followers') =>
      async (request: { query: { groupId?: string; cursor?: string; limit: number }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const scope = await managedScope(actor, request.query.groupId);
        const { items: page, nextCursor } = await listPeople(ctx.db, GROUP_CIRCLE, kind, scope, request.query);
        const summaries = await personSummaries(
          ctx.db,
          page.map((row) => row.userId),
        );
        return ok({
          items: page.map((row) => presentGroupPerson(row, summaries.get(row.userId) ?? unknownPerson(row.userId))),
          nextCursor,
        });
      };
    app.get('/api/group/members', { ...authenticated, schema: groupMembersSchema }, people('members'));
    app.get('/api/group/followers', { ...authenticated, schema: groupFollowersSchema }, people('followers'));

    const remove =
      (kind: 'members' | 'followers') =>
      async (request: { body: { groupId: string; userId: number }; actor: Actor | null }) => {
        const actor = request.actor as Actor;
        const { groupId, userId } = request.body;
        await ctx.db.transaction(async (tx) => {
          authorize(actor, 'group.manage', await loadGroup(tx, groupId, true));
          if (!(await removePerson(tx, GROUP_CIRCLE, kind, groupId, userId))) {
            throw errors.notFound(kind === 'members' ? 'That member' : 'That follower');
          }
        });
        return ok({ groupId, userId }, kind === 'members' ? 'Member removed' : 'Follower removed');
      };
    app.post('/api/group/remove/member', { ...authenticated, schema: removeMemberSchema }, remove('members'));
    app.post('/api/group/remove/follower', { ...authenticated, schema: removeFollowerSchema }, remove('followers'));

    app.post('/api/group/follow', { ...authenticated, schema: followGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await loadGroup(ctx.db, request.body.groupId);
      authorize(actor, 'group.follow', row);
      await follow(ctx.db, GROUP_CIRCLE, row.id, actor.user.id);
      return ok({ groupId: row.id, following: true }, `You follow ${row.name}`);
    });

    app.post('/api/group/unfollow', { ...authenticated, schema: unfollowGroupSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await loadGroup(ctx.db, request.body.groupId);
      await unfollow(ctx.db, GROUP_CIRCLE, row.id, actor.user.id);
      return ok({ groupId: row.id, following: false }, `You no longer follow ${row.name}`);
    });

    app.get('/api/following/groups/ids', { ...authenticated, schema: followingGroupIdsSchema }, async (request) =>
      ok({ ids: await followingIds(ctx.db, GROUP_CIRCLE, actorOf(request).user.id) }),
    );
  };
}
