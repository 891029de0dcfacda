import type { MembershipState } from '@placely/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { readTogether } from '../db/read-together';
import {
  type FollowersTable,
  groupFollowers,
  groupMembers,
  groups,
  type MembersTable,
  verificationGroupFollowers,
  verificationGroupMembers,
  verificationGroups,
} from '../db/schema';
import { errors } from '../errors';
import { decodeTimeCursor, pageFrom, type TimeCursor } from '../http/cursor';
import { notifyMembershipDecided } from './notifications';
import { notifyJoinRequested } from './notifications/events';

/**
 * Groups and verification groups share one way of joining, following, deciding requests and listing people. These
 * helpers hold it once, over a `Circle`: the group table's columns and the member and follower tables of one kind
 * (db/schema/memberships.ts builds both kinds' tables, so they share one type). Authorization stays in the routes
 * (routes/memberships serves the shared endpoints of every kind); every list here is scoped in SQL by the caller.
 */

export interface Circle {
  /** "group" or "verification group", for messages. */
  noun: string;
  /** Which in-app link a decision's notification carries. */
  notifyAs: 'group' | 'verificationGroup';
  group: { table: PgTable; id: PgColumn; name: PgColumn; deletedAt: PgColumn };
  members: MembersTable;
  followers: FollowersTable;
}

export const GROUP_CIRCLE: Circle = {
  noun: 'group',
  notifyAs: 'group',
  group: { table: groups, id: groups.id, name: groups.name, deletedAt: groups.deletedAt },
  members: groupMembers,
  followers: groupFollowers,
};

export const VERIFICATION_CIRCLE: Circle = {
  noun: 'verification group',
  notifyAs: 'verificationGroup',
  group: {
    table: verificationGroups,
    id: verificationGroups.id,
    name: verificationGroups.name,
    deletedAt: verificationGroups.deletedAt,
  },
  members: verificationGroupMembers,
  followers: verificationGroupFollowers,
};

// Keyset paging ---------------------------------------------------------------------------------------------------

/** Keyset condition for rows after the cursor in (at, id) order, ascending or descending. */
export function afterCursor(
  cursor: TimeCursor | null,
  atColumn: PgColumn,
  idColumn: PgColumn,
  direction: 'asc' | 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = direction === 'asc' ? gt : lt;
  return or(beyond(atColumn, cursor.at), and(eq(atColumn, cursor.at), beyond(idColumn, cursor.id)));
}

// The caller's own standing ----------------------------------------------------------------------------------------

export async function viewerStates(
  db: Executor,
  circle: Circle,
  userId: number | null,
  groupIds: string[],
): Promise<Map<string, { membership: MembershipState | null; following: boolean }>> {
  const states = new Map(groupIds.map((id) => [id, { membership: null as MembershipState | null, following: false }]));
  if (userId === null || groupIds.length === 0) return states;
  const [memberships, follows] = await readTogether(db, [
    () =>
      db
        .select({ groupId: circle.members.groupId, state: circle.members.state })
        .from(circle.members)
        .where(and(eq(circle.members.userId, userId), inArray(circle.members.groupId, groupIds))),
    () =>
      db
        .select({ groupId: circle.followers.groupId })
        .from(circle.followers)
        .where(and(eq(circle.followers.userId, userId), inArray(circle.followers.groupId, groupIds))),
  ]);
  for (const row of memberships) {
    const state = states.get(row.groupId);
    if (state) state.membership = row.state;
  }
  for (const row of follows) {
    const state = states.get(row.groupId);
    if (state) state.following = true;
  }
  return states;
}

export interface CircleCounts {
  members: number;
  requested: number;
  followers: number;
}

export async function circleCounts(
  db: Executor,
  circle: Circle,
  groupIds: string[],
): Promise<Map<string, CircleCounts>> {
  const counts = new Map(groupIds.map((id) => [id, { members: 0, requested: 0, followers: 0 }]));
  if (groupIds.length === 0) return counts;
  const [byState, followers] = await readTogether(db, [
    () =>
      db
        .select({ groupId: circle.members.groupId, state: circle.members.state, n: count() })
        .from(circle.members)
        .where(and(inArray(circle.members.groupId, groupIds), inArray(circle.members.state, ['member', 'requested'])))
        .groupBy(circle.members.groupId, circle.members.state),
    () =>
      db
        .select({ groupId: circle.followers.groupId, n: count() })
        .from(circle.followers)
        .where(inArray(circle.followers.groupId, groupIds))
        .groupBy(circle.followers.groupId),
  ]);
  for (const row of byState) {
    const entry = counts.get(row.groupId);
    if (!entry) continue;
    if (row.state === 'member') entry.members = Number(row.n);
    else entry.requested = Number(row.n);
  }
  for (const row of followers) {
    const entry = counts.get(row.groupId);
    if (entry) entry.followers = Number(row.n);
  }
  return counts;
}

// Joining, leaving, following --------------------------------------------------------------------------------------

/**
 * Joins or asks to join. Idempotent: a member stays a member, a pending request stays pending (or becomes a
 * membership when the group is open now); a declined person asks again. Safe under concurrent calls: the unique
 * (group, user) index admits one row, which is then locked.
 */
export async function joinCircle(
  tx: Executor,
  circle: Circle,
  groupId: string,
  userId: number,
  open: boolean,
): Promise<MembershipState> {
  const target: MembershipState = open ? 'member' : 'requested';
  const inserted = await tx
    .insert(circle.members)
    .values({ groupId, userId, state: target, decidedAt: open ? sql`now()` : null })
    .onConflictDoNothing({ target: [circle.members.groupId, circle.members.userId] })
    .returning({ id: circle.members.id });
  const [row] = await tx
    .select()
    .from(circle.members)
    .where(and(eq(circle.members.groupId, groupId), eq(circle.members.userId, userId)))
    .for('update');
  if (!row) throw new Error('membership row vanished');
  if (row.state === 'member' || row.state === target) {
    // A request this call made (a fresh row) tells the people who decide it; one already waiting says nothing more.
    if (row.state === 'requested' && inserted.length > 0) {
      await notifyJoinRequested(tx, circle.notifyAs, groupId, userId);
    }
    return row.state;
  }
  // requested → member (the group opened up), or declined → asked again.
  const [updated] = await tx
    .update(circle.members)
    .set({
      state: target,
      requestedAt: row.state === 'declined' ? sql`now()` : row.requestedAt,
      decidedBy: null,
      decidedAt: open ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(circle.members.id, row.id))
    .returning({ state: circle.members.state });
  if (updated?.state === 'requested') await notifyJoinRequested(tx, circle.notifyAs, groupId, userId);
  return updated?.state ?? target;
}

/** Leaves, or withdraws a request. Returns whether there was anything to remove. */
export async function leaveCircle(tx: Executor, circle: Circle, groupId: string, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(circle.members)
    .where(and(eq(circle.members.groupId, groupId), eq(circle.members.userId, userId)))
    .returning({ id: circle.members.id });
  return removed.length > 0;
}

export async function follow(db: Executor, circle: Circle, groupId: string, userId: number): Promise<void> {
  await db
    .insert(circle.followers)
    .values({ groupId, userId })
    .onConflictDoNothing({ target: [circle.followers.groupId, circle.followers.userId] });
}

export async function unfollow(db: Executor, circle: Circle, groupId: string, userId: number): Promise<boolean> {
  const removed = await db
    .delete(circle.followers)
    .where(and(eq(circle.followers.groupId, groupId), eq(circle.followers.userId, userId)))
    .returning({ id: circle.followers.id });
  return removed.length > 0;
}

/** Ids of the live groups the person follows, newest follow first. */
export async function followingIds(db: Executor, circle: Circle, userId: number): Promise<string[]> {
  const rows = await db
    .select({ id: circle.followers.groupId })
    .from(circle.followers)
    .innerJoin(circle.group.table, and(eq(circle.group.id, circle.followers.groupId), isNull(circle.group.deletedAt)))
    .where(eq(circle.followers.userId, userId))
    .orderBy(desc(circle.followers.createdAt));
  return rows.map((row) => row.id);
}

/**
 * The circles the person belongs to or asked to join (any state), newest request first: the rows of the circle
 * table, keyset-paged on the membership row.
 */
export async function listJoined<Row>(
  db: Executor,
  circle: Circle,
  userId: number,
  page: { cursor?: string; limit: number },
): Promise<{ items: Row[]; nextCursor: string | null }> {
  const cursor = decodeTimeCursor(page.cursor);
  const m = circle.members;
  const rows = await db
    .select({ circle: circle.group.table, at: m.requestedAt, rowId: m.id })
    .from(m)
    .innerJoin(circle.group.table, and(eq(circle.group.id, m.groupId), isNull(circle.group.deletedAt)))
    .where(and(eq(m.userId, userId), afterCursor(cursor, m.requestedAt, m.id, 'desc')))
    .orderBy(desc(m.requestedAt), desc(m.id))
    .limit(page.limit + 1);
  const { items, nextCursor } = pageFrom(rows, page.limit, (row) => ({ at: row.at, id: row.rowId }));
  return { items: items.map((row) => row.circle as Row), nextCursor };
}

// Managing: requests, members, followers ------------------------------------------------------------------------

export interface ManagedScope {
  /** SQL true for group rows the caller manages (owner for groups; roles for verification groups). */
  managed: SQL;
  groupId?: string;
}

const liveManaged = (circle: Circle, scope: ManagedScope) =>
  and(isNull(circle.group.deletedAt), scope.managed, scope.groupId ? eq(circle.group.id, scope.groupId) : undefined);

/** Pending requests to the groups the caller manages, oldest first (a queue). */
export async function listRequests(
  db: Executor,
  circle: Circle,
  scope: ManagedScope,
  page: { cursor?: string; limit: number },
) {
  const cursor = decodeTimeCursor(page.cursor);
  const m = circle.members;
  const rows = await db
    .select({
      id: m.id,
      groupId: m.groupId,
      groupName: sql<string>`${circle.group.name}`,
      state: m.state,
      at: m.requestedAt,
      userId: m.userId,
    })
    .from(m)
    .innerJoin(circle.group.table, eq(circle.group.id, m.groupId))
    .where(and(liveManaged(circle, scope), eq(m.state, 'requested'), afterCursor(cursor, m.requestedAt, m.id, 'asc')))
    .orderBy(asc(m.requestedAt), asc(m.id))
    .limit(page.limit + 1);
  return pageFrom(rows, page.limit, (row) => ({ at: row.at, id: row.id }));
}

/**
 * Locks the given requests (in id order, so concurrent bulk decisions cannot deadlock) among the groups the caller
 * manages. Any id outside that scope is a 404 for the whole call: nothing is decided.
 */
export async function lockRequests(tx: Executor, circle: Circle, scope: ManagedScope, ids: string[]) {
  const m = circle.members;
  const rows = await tx
    .select({ id: m.id, groupId: m.groupId, userId: m.userId, state: m.state })
    .from(m)
    .innerJoin(circle.group.table, eq(circle.group.id, m.groupId))
    .where(and(liveManaged(circle, scope), inArray(m.id, ids)))
    .orderBy(asc(m.id))
    .for('update', { of: m });
  if (rows.length !== ids.length) throw errors.notFound(ids.length === 1 ? 'That request' : 'Some of those requests');
  return rows;
}

/**
 * Accepts or declines locked requests. Deciding a request already in that state changes nothing (a second accept,
 * a retry, a concurrent accept); accepting a declined one or declining a member is a conflict.
 */
export async function decideRequests(
  tx: Executor,
  circle: Circle,
  locked: Array<{ id: string; state: MembershipState }>,
  decision: 'member' | 'declined',
  deciderId: number,
) {
  const clash = locked.find((row) => row.state !== 'requested' && row.state !== decision);
  if (clash) {
    throw errors.conflict(
      clash.state === 'member'
        ? 'That person is already a member; remove them from the members list instead.'
        : 'That request was already declined; the person can ask again.',
    );
  }
  const pending = locked.filter((row) => row.state === 'requested').map((row) => row.id);
  if (pending.length > 0) {
    const decided = await tx
      .update(circle.members)
      .set({ state: decision, decidedBy: deciderId, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(circle.members.id, pending), eq(circle.members.state, 'requested')))
      .returning({
        id: circle.members.id,
        groupId: circle.members.groupId,
        userId: circle.members.userId,
        decidedAt: circle.members.decidedAt,
      });
    // Only requests this call actually decided tell their person: a repeated accept changes nothing and says nothing.
    const names = new Map(
      (
        await tx
          .select({ id: circle.group.id, name: circle.group.name })
          .from(circle.group.table)
          .where(inArray(circle.group.id, [...new Set(decided.map((row) => row.groupId))]))
      ).map((row) => [row.id as string, row.name as string]),
    );
    await notifyMembershipDecided(tx, {
      circle: circle.notifyAs,
      noun: circle.noun,
      decision,
      decided: decided.map((row) => ({
        memberRowId: row.id,
        groupId: row.groupId,
        groupName: names.get(row.groupId) ?? '',
        userId: row.userId,
        decidedAt: (row.decidedAt ?? new Date()).toISOString(),
      })),
    });
  }
  return {
    changed: pending.length,
    requests: locked.map((row) => ({ id: row.id, state: decision as MembershipState })),
  };
}

/** Members (newest first) or followers (newest first) of the groups the caller manages. */
export async function listPeople(
  db: Executor,
  circle: Circle,
  kind: 'members' | 'followers',
  scope: ManagedScope,
  page: { cursor?: string; limit: number },
) {
  const cursor = decodeTimeCursor(page.cursor);
  const groupName = sql<string>`${circle.group.name}`;
  const rows =
    kind === 'members'
      ? await db
          .select({
            id: circle.members.id,
            groupId: circle.members.groupId,
            groupName,
            userId: circle.members.userId,
            at: circle.members.createdAt,
            since: sql<Date>`coalesce(${circle.members.decidedAt}, ${circle.members.requestedAt})`.mapWith(
              (value: string | Date) => new Date(value),
            ),
          })
          .from(circle.members)
          .innerJoin(circle.group.table, eq(circle.group.id, circle.members.groupId))
          .where(
            and(
              liveManaged(circle, scope),
              eq(circle.members.state, 'member'),
              afterCursor(cursor, circle.members.createdAt, circle.members.id, 'desc'),
            ),
          )
          .orderBy(desc(circle.members.createdAt), desc(circle.members.id))
          .limit(page.limit + 1)
      : await db
          .select({
            id: circle.followers.id,
            groupId: circle.followers.groupId,
            groupName,
            userId: circle.followers.userId,
            at: circle.followers.createdAt,
            since: circle.followers.createdAt,
          })
          .from(circle.followers)
          .innerJoin(circle.group.table, eq(circle.group.id, circle.followers.groupId))
          .where(
            and(
              liveManaged(circle, scope),
              afterCursor(cursor, circle.followers.createdAt, circle.followers.id, 'desc'),
            ),
          )
          .orderBy(desc(circle.followers.createdAt), desc(circle.followers.id))
          .limit(page.limit + 1);
  return pageFrom(rows, page.limit, (row) => ({ at: row.at, id: row.id }));
}

/** Removes a member (they may ask again later) or a follower. Returns whether someone was removed. */
export async function removePerson(
  tx: Executor,
  circle: Circle,
  kind: 'members' | 'followers',
  groupId: string,
  userId: number,
): Promise<boolean> {
  if (kind === 'members') {
    const removed = await tx
      .delete(circle.members)
      .where(
        and(eq(circle.members.groupId, groupId), eq(circle.members.userId, userId), eq(circle.members.state, 'member')),
      )
      .returning({ id: circle.members.id });
    return removed.length > 0;
  }
  return unfollow(tx, circle, groupId, userId);
}
