import type { Attendance, Recommendation, RoundCriterion } from '@placely/contract';
import { ATTENDANCE, RECOMMENDATIONS, ROUND_ASSIGNMENTS, ROUND_KINDS, ROUND_MODES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';
import { applications, openingStages, openings } from './openings';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A stage of an opening that is a round (migration 0041, docs/ARCHITECTURE.md "Interviews and rounds"): its id is
 * the stage's id. `criteria` are what the scorecards assess (each 1–5).
 */
export const interviewRounds = pgTable(
  'interview_rounds',
  {
    stageId: uuid('stage_id')
      .primaryKey()
      .references(() => openingStages.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ROUND_KINDS }).notNull(),
    mode: text('mode', { enum: ROUND_MODES }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    venue: text('venue'),
    meetingLink: text('meeting_link'),
    bookingOpensAt: at('booking_opens_at').notNull(),
    bookingClosesAt: at('booking_closes_at').notNull(),
    rescheduleCutoffHours: integer('reschedule_cutoff_hours').notNull().default(24),
    assignment: text('assignment', { enum: ROUND_ASSIGNMENTS }).notNull().default('self'),
    criteria: jsonb('criteria').$type<RoundCriterion[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('interview_rounds_opening_idx').on(table.openingId),
    check('interview_rounds_kind_known', sql`${table.kind} IN ('test', 'groupDiscussion', 'interview', 'other')`),
    check('interview_rounds_mode_known', sql`${table.mode} IN ('onCampus', 'online', 'phone')`),
    check('interview_rounds_assignment_known', sql`${table.assignment} IN ('self', 'allot')`),
    check('interview_rounds_duration_range', sql`${table.durationMinutes} BETWEEN 5 AND 480`),
    check('interview_rounds_cutoff_range', sql`${table.rescheduleCutoffHours} BETWEEN 0 AND 720`),
    check('interview_rounds_window_order', sql`${table.bookingOpensAt} < ${table.bookingClosesAt}`),
  ],
);

export const roundPanels = pgTable(
  'round_panels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => interviewRounds.stageId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('round_panels_round_name_key').on(table.roundId, sql`lower(${table.name})`)],
);

/** A person of the team (user_id) or an outside interviewer known only by email (user_id null). */
export const roundPanelists = pgTable(
  'round_panelists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    panelId: uuid('panel_id')
      .notNull()
      .references(() => roundPanels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('round_panelists_panel_email_key').on(table.panelId, table.email),
    index('round_panelists_user_idx').on(table.userId),
    check('round_panelists_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

/** `seats_taken` is the capacity guard: one conditional UPDATE on the slot's row takes a seat. */
export const roundSlots = pgTable(
  'round_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => interviewRounds.stageId, { onDelete: 'cascade' }),
    panelId: uuid('panel_id')
      .notNull()
      .references(() => roundPanels.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    capacity: integer('capacity').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    venue: text('venue'),
    meetingLink: text('meeting_link'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('round_slots_round_start_idx').on(table.roundId, table.startsAt),
    index('round_slots_panel_start_idx').on(table.panelId, table.startsAt),
    check('round_slots_capacity_positive', sql`${table.capacity} >= 1`),
    check(
      'round_slots_seats_within_capacity',
      sql`${table.seatsTaken} >= 0 AND ${table.seatsTaken} <= ${table.capacity}`,
    ),
    check('round_slots_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** One live booking per candidate per round; the slot's times are copied in for the candidate's clash check. */
export const roundBookings = pgTable(
  'round_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => interviewRounds.stageId, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => roundSlots.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    candidateId: bigint('candidate_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The iCalendar SEQUENCE of the booking's event; its UID is the booking id. */
    sequence: integer('sequence').notNull().default(0),
    allotted: boolean('allotted').notNull().default(false),
    attendance: text('attendance', { enum: ATTENDANCE }).$type<Attendance>(),
    attendanceMarkedBy: bigint('attendance_marked_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    attendanceMarkedAt: at('attendance_marked_at'),
    bookedAt: at('booked_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
  },
  (table) => [
    uniqueIndex('round_bookings_live_key')
      .on(table.roundId, table.applicationId)
      .where(sql`${table.status} = 'booked'`),
    // Not partial: deleting a slot or a round reads the bookings that point at it (foreign-key-indexes.test.ts).
    index('round_bookings_slot_idx').on(table.slotId),
    index('round_bookings_round_idx').on(table.roundId),
    index('round_bookings_candidate_time_idx')
      .on(table.candidateId, table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    index('round_bookings_application_idx').on(table.applicationId),
    index('round_bookings_absences_idx')
      .on(table.candidateId, table.attendanceMarkedAt)
      .where(sql`${table.attendance} = 'absent'`),
    check('round_bookings_status_known', sql`${table.status} IN ('booked', 'cancelled')`),
    check(
      'round_bookings_attendance_known',
      sql`${table.attendance} IS NULL OR ${table.attendance} IN ('present', 'absent', 'late')`,
    ),
  ],
);

export const roundChangeRequests = pgTable(
  'round_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => roundBookings.id, { onDelete: 'cascade' }),
    roundId: uuid('round_id')
      .notNull()
      .references(() => interviewRounds.stageId, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    uniqueIndex('round_change_requests_open_key').on(table.bookingId).where(sql`${table.status} = 'open'`),
    index('round_change_requests_round_idx').on(table.roundId, table.createdAt),
    index('round_change_requests_booking_idx').on(table.bookingId),
    check('round_change_requests_status_known', sql`${table.status} IN ('open', 'resolved')`),
  ],
);

/** One scorecard per panelist per candidate per round; `ratings` maps criterion ids to 1–5. */
export const roundScorecards = pgTable(
  'round_scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => interviewRounds.stageId, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    panelistId: uuid('panelist_id')
      .notNull()
      .references(() => roundPanelists.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    recommendation: text('recommendation', { enum: RECOMMENDATIONS }).$type<Recommendation>().notNull(),
    notes: text('notes').notNull().default(''),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('round_scorecards_one_key').on(table.roundId, table.applicationId, table.panelistId),
    index('round_scorecards_application_idx').on(table.applicationId),
    index('round_scorecards_panelist_idx').on(table.panelistId),
    check(
      'round_scorecards_recommendation_known',
      sql`${table.recommendation} IN ('strongNo', 'no', 'yes', 'strongYes')`,
    ),
  ],
);

/** An outside interviewer's personal link (the share-link model): only the SHA-256 of its token is stored. */
export const roundPanelLinks = pgTable(
  'round_panel_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    panelistId: uuid('panelist_id')
      .notNull()
      .references(() => roundPanelists.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    lastViewedAt: at('last_viewed_at'),
  },
  (table) => [
    uniqueIndex('round_panel_links_token_hash_key').on(table.tokenHash),
    index('round_panel_links_panelist_idx').on(table.panelistId),
  ],
);

export const roundPanelLinkViews = pgTable(
  'round_panel_link_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => roundPanelLinks.id, { onDelete: 'cascade' }),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (table) => [index('round_panel_link_views_link_idx').on(table.linkId, table.viewedAt)],
);
