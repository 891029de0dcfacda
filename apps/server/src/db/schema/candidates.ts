import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications } from './openings';
import { organizations } from './organizations';

/**
 * Notes the people of an organization keep on a candidate (an application). The organization's only: applicants
 * never read them. Authors edit and delete their own; `author_id` goes null when the author's account goes.
 * `opening_id` is the application's (which never changes): an export finds an opening's notes on its index instead
 * of joining every application of the opening (bench/results/hot-paths.md, 2026-11-27 20:30).
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id').notNull(),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('application_notes_application_idx').on(table.applicationId, table.createdAt),
    index('application_notes_opening_idx').on(table.openingId, table.applicationId),
  ],
);

/** The organization's own tags for candidates ("Referral", "Relocating"…); names unique per organization. */
export const candidateTags = pgTable(
  'candidate_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('candidate_tags_organization_name_key').on(table.organizationId, sql`lower(${table.name})`)],
);

/**
 * A tag on an application. The (tag, application) index serves the tag filter; the key serves the panel; the opening
 * (the application's) serves the export, as for notes.
 */
export const applicationTags = pgTable(
  'application_tags',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => candidateTags.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.tagId] }),
    index('application_tags_tag_idx').on(table.tagId, table.applicationId),
    index('application_tags_opening_idx').on(table.openingId, table.applicationId),
  ],
);
