import { PORTFOLIO_VISIBILITIES, VIEW_SUBJECTS } from '@placely/contract';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';

/** A named selection of an individual's sections, shared by an unguessable, replaceable id (`public_id`). */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull(),
    title: text('title').notNull(),
    visibility: text('visibility', { enum: PORTFOLIO_VISIBILITIES }).notNull(),
    sections: jsonb('sections').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portfolios_public_id_key').on(table.publicId),
    index('portfolios_user_idx').on(table.userId),
  ],
);

/**
 * Views of an individual's portfolio or resume. `viewer_id` is set only for organizations (named in "who viewed
 * me"); anonymous and other views are counted with it null. Owners viewing themselves are not recorded.
 */
export const profileViews = pgTable(
  'profile_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: bigint('viewer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject', { enum: VIEW_SUBJECTS }).notNull(),
    portfolioId: uuid('portfolio_id').references(() => portfolios.id, { onDelete: 'set null' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profile_views_owner_idx').on(table.ownerId, table.viewedAt),
    index('profile_views_portfolio_idx').on(table.portfolioId),
  ],
);
