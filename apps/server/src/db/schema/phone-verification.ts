import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';

/**
 * One-time codes sent to a user's phone number. Only a keyed hash of the code is kept. Rows double as the
 * rate-limit record (codes per number and per user per hour), so limits hold across server processes.
 */
export const phoneVerificationCodes = pgTable(
  'phone_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the right code was entered; /api/profile/phone/verified then records the number as verified. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Set when the code can no longer be used: recorded, replaced by a newer code, or out of attempts. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('phone_verification_codes_user_number_idx').on(table.userId, table.number, table.createdAt),
    check('phone_verification_codes_attempts_nonnegative', sql`${table.attempts} >= 0`),
  ],
);
