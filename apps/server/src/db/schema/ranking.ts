import { RATING_MAX, RATING_MIN } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications, openings } from './openings';

/**
 * What an opening's candidates are rated on. Every opening gets "Overall" from the database (trigger
 * openings_default_rating_criterion, migration 0018), so routes, seeds and bench need no code for it.
 */
export const ratingCriteria = pgTable(
  'rating_criteria',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rating_criteria_opening_name_key').on(table.openingId, sql`lower(${table.name})`),
    index('rating_criteria_opening_idx').on(table.openingId, table.position),
  ],
);

/** One person's 1–5 rating of one application on one criterion (changed in place; the latest counts). */
export const candidateRatings = pgTable(
  'candidate_ratings',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    criterionId: uuid('criterion_id')
      .notNull()
      .references(() => ratingCriteria.id, { onDelete: 'cascade' }),
    raterId: bigint('rater_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.criterionId, table.raterId] }),
    index('candidate_ratings_criterion_idx').on(table.criterionId),
    check(
      'candidate_ratings_score_range',
      sql`${table.score} BETWEEN ${sql.raw(String(RATING_MIN))} AND ${sql.raw(String(RATING_MAX))}`,
    ),
  ],
);

/** The ranking recipe of an opening (contract `recipeSchema`, validated on the way in). */
export const rankingRecipes = pgTable('ranking_recipes', {
  openingId: uuid('opening_id')
    .primaryKey()
    .references(() => openings.id, { onDelete: 'cascade' }),
  recipe: jsonb('recipe').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** A candidate placed above ('top') or below ('bottom') the computed order, with the reason (history: audit trail). */
export const rankingPins = pgTable(
  'ranking_pins',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['top', 'bottom'] }).notNull(),
    reason: text('reason').notNull(),
    pinnedBy: bigint('pinned_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('ranking_pins_opening_idx').on(table.openingId),
    check('ranking_pins_direction_known', sql`${table.direction} IN ('top', 'bottom')`),
  ],
);

/**
 * The stored ranking (docs/ARCHITECTURE.md, "Stored ranking"). `ranking_versions.version` counts changes to what an
 * opening's ranking reads; triggers (migration ranking_store) bump it on every such change. The rows of
 * `opening_rankings` and the opening's `ranking_builds` row are what `rankingCtes` computed at `ranking_builds.version`:
 * a reader uses them while the two versions agree and rebuilds them otherwise (services/shortlisting/ranking-store.ts).
 */
export const rankingVersions = pgTable(
  'ranking_versions',
  {
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    /**
     * A connection bumps its own shard (backend pid mod 64), as the application counter does: submits to one opening
     * from many connections do not queue on one row. The opening's version is the sum of its shards.
     */
    shard: integer('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.openingId, table.shard] })],
);

/** The last build of an opening's stored ranking: the version it saw, the recipe it used, the opening-wide stats. */
export const rankingBuilds = pgTable('ranking_builds', {
  openingId: uuid('opening_id')
    .primaryKey()
    .references(() => openings.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** The recipe the rows were scored with (null: none, submission order). */
  recipe: jsonb('recipe'),
  /** The `stats` row of the build (each range criterion's lowest and highest raw value), to explain a page's rows. */
  stats: jsonb('stats').$type<Record<string, number | null>>().notNull(),
  /** Applications ranked, and of them knocked out: the totals of the unfiltered page without counting rows. */
  total: integer('total').notNull(),
  knockedOut: integer('knocked_out').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * One row per application of a built opening: its place in `ordered` and what the page filters on. No foreign keys
 * on purpose (a build inserts the whole opening at once; per-row checks would cost more than the ranking): the
 * applications triggers delete the rows of deleted applications and keep `stage_id` in step with stage moves.
 */
export const openingRankings = pgTable(
  'opening_rankings',
  {
    applicationId: uuid('application_id').primaryKey(),
    openingId: uuid('opening_id').notNull(),
    stageId: uuid('stage_id'),
    position: integer('position').notNull(),
    score: doublePrecision('score').notNull(),
    /** Knock-outs that apply, bit i for the recipe's i-th. */
    ko: integer('ko').notNull(),
    /** 0 pinned to top, 1 ranked, 2 pinned to bottom, 3 knocked out. */
    pinGroup: smallint('pin_group').notNull(),
    /**
     * Each recipe criterion's normalised value (0–1, null when missing), in recipe order: the export's contributions
     * read them instead of recomputing the ranking. Null when the recipe has no criteria (or there is none).
     */
    normalised: doublePrecision('normalised').array(),
  },
  (table) => [
    // The page in rank order; and the count of a filtered page (stage, knocked out or not, minimum score).
    index('opening_rankings_position_idx').on(table.openingId, table.position),
    index('opening_rankings_filter_idx').on(table.openingId, table.stageId, table.pinGroup, table.score),
    // The responses table sorted by score (either way: a backward scan gives high to low).
    index('opening_rankings_score_idx').on(table.openingId, table.score, table.applicationId),
  ],
);
