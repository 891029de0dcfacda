import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications, openingStages, openings } from './openings';

/**
 * One request that moved candidates (one or many): the undo handle. `undone_at` is set when it is put back; only
 * the opening's latest live move can be undone.
 */
export const stageBulkMoves = pgTable(
  'stage_bulk_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The move this one undid, when it is an undo. */
    undoesId: uuid('undoes_id'),
    moved: integer('moved').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('stage_bulk_moves_opening_idx').on(table.openingId, table.createdAt)],
);

/**
 * Every stage change of an application: from, to, who, when, why. Stage names are copied in, so the history still
 * reads after a stage is renamed or removed (the ids then go null).
 */
export const stageMoves = pgTable(
  'stage_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    bulkMoveId: uuid('bulk_move_id')
      .notNull()
      .references(() => stageBulkMoves.id, { onDelete: 'cascade' }),
    fromStageId: uuid('from_stage_id').references(() => openingStages.id, { onDelete: 'set null' }),
    toStageId: uuid('to_stage_id').references(() => openingStages.id, { onDelete: 'set null' }),
    fromStageName: text('from_stage_name'),
    toStageName: text('to_stage_name').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [
    index('stage_moves_application_idx').on(table.applicationId, table.at),
    index('stage_moves_bulk_idx').on(table.bulkMoveId),
    // Removing a stage sets these to null: without them that read every stage move (foreign-key-indexes.test.ts).
    index('stage_moves_from_stage_idx').on(table.fromStageId),
    index('stage_moves_to_stage_idx').on(table.toStageId),
  ],
);
