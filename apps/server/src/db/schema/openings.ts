import {
  type Answers,
  APPLICATION_STATUSES,
  APPLY_MODES,
  type Compensation,
  type Eligibility,
  type FormDefinition,
  OPENING_KINDS,
  OPENING_STATUSES,
  STAGE_KINDS,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './foundation';
import { sqlList } from './memberships';
import { placementCycles } from './placement';

/**
 * Openings and their Quick Apply applications. Designed for what follows: shortlisting with explainable ranking
 * (status, stage, score on applications), notifications on every status change (application_events), placement-cell
 * policies (eligibility jsonb validated by the contract). Openings are soft-deleted: applications are kept.
 */
export const openings = pgTable(
  'openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: OPENING_KINDS }).notNull(),
    /** Sanitized on the server before storing. */
    description: text('description').notNull().default(''),
    locations: jsonb('locations').$type<string[]>().notNull().default([]),
    remote: boolean('remote').notNull().default(false),
    compensation: jsonb('compensation').$type<Compensation>(),
    openingsCount: integer('openings_count'),
    status: text('status', { enum: OPENING_STATUSES }).notNull().default('draft'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    startDate: date('start_date', { mode: 'string' }),
    /** Only completed applications count toward the cap. */
    responseCap: integer('response_cap'),
    eligibility: jsonb('eligibility').$type<Eligibility>().notNull(),
    applyMode: text('apply_mode', { enum: APPLY_MODES }).notNull().default('form'),
    externalLink: text('external_link'),
    /** The latest form version (null for external-link openings). */
    currentFormVersion: integer('current_form_version'),
    /** Applicants in a Rejected stage are told so only once the organization releases rejections. */
    rejectionsReleased: boolean('rejections_released').notNull().default(false),
    /**
     * Attached to a placement cycle (migration 0042): then it reaches only the cycle's enrolled students, once the
     * cell approved it (cycle_openings). Null: an opening as before. Read with the opening's row on the hot paths.
     */
    cycleId: uuid('cycle_id').references((): AnyPgColumn => placementCycles.id, { onDelete: 'set null' }),
    /** Millisecond precision: keyset cursors carry JavaScript dates, which have no microseconds. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('openings_organization_idx').on(table.organizationId, table.createdAt),
    index('openings_cycle_idx').on(table.cycleId),
    index('openings_feed_idx').on(table.status, table.deadline).where(sql`${table.deletedAt} IS NULL`),
    check('openings_response_cap_positive', sql`${table.responseCap} IS NULL OR ${table.responseCap} > 0`),
    check('openings_external_has_link', sql`${table.applyMode} <> 'external' OR ${table.externalLink} IS NOT NULL`),
  ],
);

/** Every saved form of an opening; applications record the version they answered. */
export const openingFormVersions = pgTable(
  'opening_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('opening_form_versions_opening_version_key').on(table.openingId, table.version)],
);

/**
 * The pipeline of an opening (shortlisting): the fixed stages are made by the database when the opening is inserted
 * (trigger openings_default_stages, migration 0013), custom ones by the organization. `position` orders them;
 * the server renumbers under the opening's row lock.
 */
export const openingStages = pgTable(
  'opening_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What the applicant is shown while in this stage. */
    candidateLabel: text('candidate_label').notNull(),
    kind: text('kind', { enum: STAGE_KINDS }).notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('opening_stages_opening_id_key').on(table.openingId, table.id),
    uniqueIndex('opening_stages_opening_name_key').on(table.openingId, sql`lower(${table.name})`),
    uniqueIndex('opening_stages_opening_fixed_kind_key')
      .on(table.openingId, table.kind)
      .where(sql`${table.kind} <> 'custom'`),
    check('opening_stages_kind_known', sql`${table.kind} IN (${sqlList(STAGE_KINDS)})`),
  ],
);

/** One application per person per opening, enforced by the database. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    applicantId: bigint('applicant_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formVersion: integer('form_version').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('submitted'),
    /**
     * The pipeline stage. Set by the database on insert (trigger applications_default_stage, migration 0013: the
     * opening's Applied stage) and never null after; the composite key keeps it a stage of the same opening.
     */
    stageId: uuid('stage_id'),
    score: numeric('score', { mode: 'number' }),
    revision: integer('revision').notNull().default(1),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Millisecond precision, like every keyset-paged column (cursors carry JavaScript dates). */
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('applications_opening_applicant_key').on(table.openingId, table.applicantId),
    uniqueIndex('applications_idempotency_key').on(table.idempotencyKey),
    index('applications_opening_submitted_idx').on(table.openingId, table.submittedAt, table.id),
    // The applicant's list pages by (updated_at, id): the id makes the keyset an index range.
    index('applications_applicant_idx').on(table.applicantId, table.updatedAt, table.id),
    index('applications_opening_stage_idx').on(table.openingId, table.stageId, table.submittedAt, table.id),
    foreignKey({
      name: 'applications_stage_fk',
      columns: [table.openingId, table.stageId],
      foreignColumns: [openingStages.openingId, openingStages.id],
    }),
    check('applications_stage_set', sql`${table.stageId} IS NOT NULL`),
  ],
);

/**
 * How many applications each opening has, for the responses page's total without counting rows per request. Kept
 * by statement triggers on `applications` (migration 0012), so every insert and delete counts, whatever its path.
 * Each connection adds to its own shard (its backend pid mod 64), so concurrent submits to one opening do not queue
 * on one counter row; the total is the sum of an opening's shards.
 */
export const openingApplicationCounts = pgTable(
  'opening_application_counts',
  {
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    shard: integer('shard').notNull(),
    applications: bigint('applications', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.openingId, table.shard] })],
);

/**
 * The responses table's sort keys of each application (docs/ARCHITECTURE.md, "Sorting the responses"): facts about
 * the applicant, copied per application so each order is an index range within one opening. Kept by triggers
 * (migration 0028): an application's insert writes its row; a change of the applicant's name, profile name or
 * auto-fill grade, scale or graduation year rewrites the rows of their applications.
 */
export const applicationSortKeys = pgTable(
  'application_sort_keys',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id').notNull(),
    /** lower(trim(name)), 120 characters at most, compared byte-wise (COLLATE "C", migration 0028) on both databases. */
    nameKey: text('name_key'),
    /** The grade as a share of its scale (`profile_grade_share`, the ranking's normalisation), 0–1. */
    gradeShare: doublePrecision('grade_share'),
    graduationYear: doublePrecision('graduation_year'),
  },
  (table) => [
    index('application_sort_keys_name_idx').on(table.openingId, table.nameKey, table.applicationId),
    index('application_sort_keys_grade_idx').on(table.openingId, table.gradeShare, table.applicationId),
    index('application_sort_keys_year_idx').on(table.openingId, table.graduationYear, table.applicationId),
  ],
);

/** History of an application's answers: revision n is what the answers were after the n-th submit/edit. */
export const applicationRevisions = pgTable(
  'application_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    formVersion: integer('form_version').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('application_revisions_application_revision_key').on(table.applicationId, table.revision)],
);

/** Status/stage history, one row per change (the source for notifications). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: APPLICATION_STATUSES }),
    toStatus: text('to_status', { enum: APPLICATION_STATUSES }).notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_events_application_idx').on(table.applicationId, table.at)],
);

/** A signed-in person's unsent answers for an opening (autosaved). */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Answers>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('application_drafts_opening_user_key').on(table.openingId, table.userId)],
);

/** Clicks on an external apply link (one row per click). */
export const externalApplyClicks = pgTable(
  'external_apply_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('external_apply_clicks_opening_idx').on(table.openingId)],
);

/**
 * Files an application's answers refer to (any revision). The organization owning the opening may read exactly
 * these files; the policy checks this table in SQL instead of searching answers.
 */
export const applicationFiles = pgTable(
  'application_files',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      // An applied file outlives its owner's resume list: deleting the resume keeps the bytes the organization has.
      .references(() => files.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.fileId] }),
    index('application_files_file_idx').on(table.fileId),
  ],
);

/** Row types of the openings tables, for the layers above (services, policies, presenters) to share. */
export type OpeningRow = typeof openings.$inferSelect;
export type OpeningFormVersionRow = typeof openingFormVersions.$inferSelect;
