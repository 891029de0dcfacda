import { MEMBERSHIP_STATES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';

/** `'a', 'b'` for a CHECK constraint from a contract enum. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/**
 * The member and follower tables of one kind of circle (groups, verification groups, …), the same columns under the
 * kind's prefix: `<prefix>_members` and `<prefix>_followers`. Each kind keeps its own pair rather than one table with
 * a kind column, so `group_id` is a real foreign key to that kind's circle table (deleting a circle cascades, and a
 * row can never point at a circle of another kind).
 *
 * Members: one row per person and circle — a request, a membership or a declined request. The unique index makes
 * joining idempotent and the row lock taken by accept/decline makes concurrent decisions safe.
 */
export function membershipTables(prefix: string, circleId: () => AnyPgColumn) {
  const members = pgTable(
    `${prefix}_members` as string,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      groupId: uuid('group_id').notNull().references(circleId, { onDelete: 'cascade' }),
      userId: bigint('user_id', { mode: 'number' })
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      state: text('state', { enum: MEMBERSHIP_STATES }).notNull(),
      requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
      decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
      decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
      ...timestamps,
    },
    (table) => [
      uniqueIndex(`${prefix}_members_group_user_key`).on(table.groupId, table.userId),
      index(`${prefix}_members_group_state_idx`).on(table.groupId, table.state, table.requestedAt),
      index(`${prefix}_members_user_idx`).on(table.userId),
      check(`${prefix}_members_state_known`, sql`${table.state} IN (${sqlList(MEMBERSHIP_STATES)})`),
    ],
  );
  const followers = pgTable(
    `${prefix}_followers` as string,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      groupId: uuid('group_id').notNull().references(circleId, { onDelete: 'cascade' }),
      userId: bigint('user_id', { mode: 'number' })
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: timestamps.createdAt,
    },
    (table) => [
      uniqueIndex(`${prefix}_followers_group_user_key`).on(table.groupId, table.userId),
      index(`${prefix}_followers_user_idx`).on(table.userId),
    ],
  );
  return { members, followers };
}

export type MembersTable = ReturnType<typeof membershipTables>['members'];
export type FollowersTable = ReturnType<typeof membershipTables>['followers'];
