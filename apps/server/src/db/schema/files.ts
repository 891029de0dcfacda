import { FILE_PURPOSES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';

const purposeList = sql.raw(FILE_PURPOSES.map((purpose) => `'${purpose}'`).join(', '));

/**
 * Every uploaded file. The bytes live in object storage (local disk or S3) under `storage_key`; the name is only
 * shown, never used as a path. `uploading` rows belong to resumable uploads that have not finished.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    name: text('name').notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['uploading', 'ready'] }).notNull(),
    /** Videos only: the length read from the container by ffprobe when the upload finished. */
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('files_owner_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('files_storage_key_key').on(table.storageKey),
    check('files_purpose_known', sql`${table.purpose} IN (${purposeList})`),
    check('files_status_known', sql`${table.status} IN ('uploading', 'ready')`),
    check('files_size_nonnegative', sql`${table.size} >= 0`),
  ],
);

/** An individual's resumes: uploaded PDFs, one of them the default sent with applications. */
export const resumes = pgTable(
  'resumes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('resumes_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('resumes_file_key').on(table.fileId),
    uniqueIndex('resumes_one_default_key').on(table.userId).where(sql`${table.isDefault}`),
  ],
);
