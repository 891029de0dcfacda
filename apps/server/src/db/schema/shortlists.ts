import { type ShareField, VERDICTS } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications, openings } from './openings';

/** A named, ordered selection of one opening's candidates (e.g. "For the panel on 3 Dec"). */
export const shortlists = pgTable(
  'shortlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What /id/users shows and what a new share link starts from. */
    fields: jsonb('fields').$type<ShareField[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('shortlists_opening_idx').on(table.openingId, table.createdAt)],
);

/**
 * The candidates of a shortlist in order of `position` (rewritten whole by a reorder, under the shortlist's row lock);
 * only applications of the shortlist's own opening are added (services/shortlisting/shortlists.ts), and an
 * application leaves every shortlist when it is deleted.
 */
export const shortlistEntries = pgTable(
  'shortlist_entries',
  {
    shortlistId: uuid('shortlist_id')
      .notNull()
      .references(() => shortlists.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedBy: bigint('added_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shortlistId, table.applicationId] }),
    index('shortlist_entries_position_idx').on(table.shortlistId, table.position),
    index('shortlist_entries_application_idx').on(table.applicationId),
  ],
);

/**
 * A read-only link to a shortlist for people without an account. Only the SHA-256 of its token is stored; the
 * token is shown once, at creation. Revoked links are kept (with their views) for the record.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortlistId: uuid('shortlist_id')
      .notNull()
      .references(() => shortlists.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    fields: jsonb('fields').$type<ShareField[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Kept with the views table so lists need no count. */
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, precision: 3 }),
    /** Verdicts saved through the link in the hour that started then (SHORTLIST_LIMITS.verdictsPerLinkPerHour). */
    verdictWindowStartedAt: timestamp('verdict_window_started_at', { withTimezone: true, precision: 3 }),
    verdictWindowCount: integer('verdict_window_count').notNull().default(0),
    /** Verdicts the team has not heard of yet, and when the digest telling them is due (null: none pending). */
    verdictsUndigested: integer('verdicts_undigested').notNull().default(0),
    verdictDigestDueAt: timestamp('verdict_digest_due_at', { withTimezone: true, precision: 3 }),
    verdictDigestedAt: timestamp('verdict_digested_at', { withTimezone: true, precision: 3 }),
    /** Visitors confirm an email address with a one-time code before giving verdicts (migration 0045). */
    requireEmail: boolean('require_email').notNull().default(false),
  },
  (table) => [
    uniqueIndex('share_links_token_hash_key').on(table.tokenHash),
    index('share_links_shortlist_idx').on(table.shortlistId, table.createdAt),
  ],
);

/** Every view of a share link: when (the count is kept on the link). */
export const shareLinkViews = pgTable(
  'share_link_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('share_link_views_link_idx').on(table.linkId, table.viewedAt)],
);

/** A visitor's verdict on one candidate through one link, under the name they typed (a new one replaces it). */
export const shortlistVerdicts = pgTable(
  'shortlist_verdicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    visitorName: text('visitor_name').notNull(),
    /** The address the visitor confirmed with a one-time code (null: not confirmed). */
    visitorEmail: text('visitor_email'),
    verdict: text('verdict', { enum: VERDICTS }).notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shortlist_verdicts_visitor_key').on(
      table.linkId,
      table.applicationId,
      sql`lower(${table.visitorName})`,
    ),
    index('shortlist_verdicts_application_idx').on(table.applicationId),
    check('shortlist_verdicts_verdict_check', sql`${table.verdict} in ('yes', 'maybe', 'no')`),
  ],
);

/**
 * A share-link visitor confirming an email address (migration 0045): one row per code sent — its SHA-256 (of the link,
 * the address and the code), when it lapses, the tries — and, once confirmed, the SHA-256 of the reviewer token the
 * visitor's verdicts then carry. Codes sent are counted from these rows under the link's row lock (the limits).
 */
export const shareLinkReviewers = pgTable(
  'share_link_reviewers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, precision: 3 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('share_link_reviewers_link_idx').on(table.linkId, table.createdAt),
    uniqueIndex('share_link_reviewers_token_key').on(table.tokenHash),
  ],
);
