import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications, openings } from './openings';
import { organizations } from './organizations';

/** The organization's message templates (issue #40): names unique per organization, case-insensitively. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('message_templates_name_idx').on(table.organizationId, sql`lower(${table.name})`)],
);

/**
 * Every message to a candidate, as it was written for them (merge fields filled): the candidate's timeline. One
 * request writes one batch; a scheduled batch is sent by a pg-boss job at `send_at` (the due index is the backstop
 * for a job lost before it was queued). `status` moves scheduled → sent or scheduled → cancelled, once, by a
 * conditional update, so a cancel and the send never both win.
 */
export const candidateMessages = pgTable(
  'candidate_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['message', 'rejection'] }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['scheduled', 'sent', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    sendAt: timestamp('send_at', { withTimezone: true, precision: 3 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('candidate_messages_application_idx').on(table.applicationId, table.createdAt, table.id),
    index('candidate_messages_opening_idx').on(table.openingId),
    index('candidate_messages_template_idx').on(table.templateId),
    index('candidate_messages_batch_idx').on(table.batchId),
    index('candidate_messages_due_idx').on(table.sendAt).where(sql`${table.status} = 'scheduled'`),
    check('candidate_messages_kind_known', sql`${table.kind} IN ('message', 'rejection')`),
    check('candidate_messages_status_known', sql`${table.status} IN ('scheduled', 'sent', 'cancelled')`),
  ],
);
