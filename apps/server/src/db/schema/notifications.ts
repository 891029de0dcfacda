import type { NotificationKind } from '@placely/contract';
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

/**
 * One row per event that concerns a person, written in the same transaction as the change that causes it. The
 * dedupe key names the cause (e.g. `application.received:<applicationId>`), so a cause produces at most one row even
 * when retried. `in_app` false keeps the row as the email's source without showing it in the inbox.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for a mail to someone not on Placely yet (a team invitation): `recipient_email` names the address
     * until that person signs up and claims the row (services/organizations.ts). Never shown to anyone else. */
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email'),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** What the templates need (names, titles) — never another person's email address or phone number. */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    inApp: boolean('in_app').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // Milliseconds, so the keyset cursor (a JavaScript date) matches the stored value exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notifications_dedupe_key_idx').on(table.dedupeKey),
    index('notifications_recipient_created_idx').on(table.recipientId, table.createdAt, table.id),
    index('notifications_recipient_unread_idx')
      .on(table.recipientId)
      .where(sql`${table.readAt} IS NULL AND ${table.inApp}`),
    index('notifications_unclaimed_email_idx').on(table.recipientEmail).where(sql`${table.recipientId} IS NULL`),
    check(
      'notifications_recipient_known',
      sql`${table.recipientId} IS NOT NULL OR ${table.recipientEmail} IS NOT NULL`,
    ),
  ],
);

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'skipped';

/**
 * The email outbox: one row per notification and channel, written with the notification. The relay hands pending rows
 * to the job queue (pg-boss) with the row's id as the job id, so handing one over twice makes one job; the worker
 * claims the row (status `sending` with a lease) before talking to SMTP and marks it `sent` after, so a retried job
 * or a second worker never sends a second mail for the same event.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email'>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A short error class (e.g. SMTP reply code), never a message that could quote an address. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_deliveries_notification_channel_idx').on(table.notificationId, table.channel),
    index('notification_deliveries_unqueued_idx')
      .on(table.createdAt)
      .where(sql`${table.enqueuedAt} IS NULL AND ${table.status} = 'pending'`),
    check('notification_deliveries_status_check', sql`${table.status} IN ('pending','sending','sent','skipped')`),
  ],
);

/** Only the choices a person changed; everything else follows NOTIFICATION_DEFAULTS. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
