import { GROUP_VISIBILITIES, JOIN_POLICIES, MEMBERSHIP_STATES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';

/** `'a', 'b'` for a CHECK constraint from a contract enum. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/**
 * An organization's group of candidates. Soft-deleted: memberships stay as history, but a deleted group leaves every
 * list and accepts nothing. Join links carry the uuid, so groups cannot be enumerated.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility', { enum: GROUP_VISIBILITIES }).notNull().default('public'),
    joinPolicy: text('join_policy', { enum: JOIN_POLICIES }).notNull().default('request'),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('groups_owner_idx').on(table.ownerId, table.createdAt).where(sql`${table.deletedAt} IS NULL`),
    check('groups_visibility_known', sql`${table.visibility} IN (${sqlList(GROUP_VISIBILITIES)})`),
    check('groups_join_policy_known', sql`${table.joinPolicy} IN (${sqlList(JOIN_POLICIES)})`),
  ],
);

/**
 * One row per person and group: a request, a membership or a declined request. The unique index makes joining
 * idempotent and the row lock taken by accept/decline makes concurrent decisions safe.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
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
    uniqueIndex('group_members_group_user_key').on(table.groupId, table.userId),
    index('group_members_group_state_idx').on(table.groupId, table.state, table.requestedAt),
    index('group_members_user_idx').on(table.userId),
    check('group_members_state_known', sql`${table.state} IN (${sqlList(MEMBERSHIP_STATES)})`),
  ],
);

export const groupFollowers = pgTable(
  'group_followers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('group_followers_group_user_key').on(table.groupId, table.userId),
    index('group_followers_user_idx').on(table.userId),
  ],
);
