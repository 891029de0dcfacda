import { GROUP_VISIBILITIES, JOIN_POLICIES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { membershipTables, sqlList, timestamps } from './memberships';

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

const groupMemberships = membershipTables('group', () => groups.id);
export const groupMembers = groupMemberships.members;
export const groupFollowers = groupMemberships.followers;
