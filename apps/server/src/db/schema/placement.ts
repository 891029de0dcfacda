import type { NoticeAudience, PolicyRefusal, PolicyRule } from '@placely/contract';
import {
  CORRECTION_STATUSES,
  CTC_PERIODS,
  CYCLE_COMPANY_STATUSES,
  CYCLE_KINDS,
  CYCLE_OPENING_STATUSES,
  CYCLE_STATUSES,
  ENROLMENT_SOURCES,
  ENROLMENT_STATUSES,
  OFFER_KINDS_MADE,
  OFFER_STATES,
  OPT_OUT_REASONS,
  RECORD_FIELDS,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { institutions, users } from './foundation';
import { sqlList } from './memberships';
import { applications, openings } from './openings';
import { organizationMembers, organizations } from './organizations';

/**
 * Placement season (migration 0042, docs/ARCHITECTURE.md "Placement season"). The cell link itself is
 * organizations.institution_id / institution_linked_at (schema/organizations.ts); a cycle opening is also marked on
 * openings.cycle_id (schema/openings.ts) so the feed and the apply path read it with the opening's row.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** The institution's own programmes and branches; `aliases` are other spellings that map to the branch. */
export const institutionBranches = pgTable(
  'institution_branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    degree: text('degree').notNull(),
    name: text('name').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'`),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('institution_branches_degree_name_key').on(
      table.institutionId,
      sql`lower(${table.degree})`,
      sql`lower(${table.name})`,
    ),
  ],
);

export const placementCycles = pgTable(
  'placement_cycles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: CYCLE_KINDS }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: CYCLE_STATUSES }).notNull().default('active'),
    /** The self-enrolment link's secret (placement/cycles/join?token=). */
    joinToken: text('join_token').notNull(),
    /** The cycle's rules in order; the policy engine (services/placement/policy) reads them. */
    policy: jsonb('policy').$type<PolicyRule[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('placement_cycles_institution_idx').on(table.institutionId, table.createdAt),
    uniqueIndex('placement_cycles_join_token_key').on(table.joinToken),
    check('placement_cycles_kind_known', sql`${table.kind} IN (${sqlList(CYCLE_KINDS)})`),
    check('placement_cycles_status_known', sql`${table.status} IN (${sqlList(CYCLE_STATUSES)})`),
    check('placement_cycles_dates_order', sql`${table.startsOn} <= ${table.endsOn}`),
  ],
);

/**
 * A student in a cycle. `email` is always set (lowercase); user_id null is a pending enrolment claimed at that
 * person's first sign-in. Record values are the cell's; records_locked means only a correction changes them.
 */
export const cycleEnrolments = pgTable(
  'cycle_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('available'),
    debarredReason: text('debarred_reason'),
    rollNumber: text('roll_number'),
    branchId: uuid('branch_id').references(() => institutionBranches.id, { onDelete: 'set null' }),
    /** The branch as given (a verified education entry, an uploaded row) when no branch of the list matched. */
    branchText: text('branch_text'),
    degree: text('degree'),
    cgpa: numeric('cgpa', { precision: 4, scale: 2, mode: 'number' }),
    backlogs: integer('backlogs'),
    graduationYear: integer('graduation_year'),
    recordsLocked: boolean('records_locked').notNull().default(false),
    source: text('source', { enum: ENROLMENT_SOURCES }).notNull(),
    absences: integer('absences').notNull().default(0),
    /** Why an opted-out student left the season (migration 0044); NIRF's "higher studies" count reads it. */
    optOutReason: text('opt_out_reason', { enum: OPT_OUT_REASONS }),
    enrolledAt: at('enrolled_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cycle_enrolments_cycle_user_key').on(table.cycleId, table.userId),
    uniqueIndex('cycle_enrolments_cycle_email_key').on(table.cycleId, sql`lower(${table.email})`),
    index('cycle_enrolments_user_idx').on(table.userId),
    index('cycle_enrolments_branch_idx').on(table.branchId),
    index('cycle_enrolments_unclaimed_email_idx').on(table.email).where(sql`${table.userId} IS NULL`),
    check('cycle_enrolments_status_known', sql`${table.status} IN (${sqlList(ENROLMENT_STATUSES)})`),
    check('cycle_enrolments_source_known', sql`${table.source} IN (${sqlList(ENROLMENT_SOURCES)})`),
    check('cycle_enrolments_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check(
      'cycle_enrolments_debar_has_reason',
      sql`${table.status} <> 'debarred' OR ${table.debarredReason} IS NOT NULL`,
    ),
    check('cycle_enrolments_cgpa_range', sql`${table.cgpa} IS NULL OR (${table.cgpa} >= 0 AND ${table.cgpa} <= 10)`),
    check('cycle_enrolments_backlogs_range', sql`${table.backlogs} IS NULL OR ${table.backlogs} >= 0`),
    check('cycle_enrolments_absences_range', sql`${table.absences} >= 0`),
    check(
      'cycle_enrolments_opt_out_reason_known',
      sql`${table.optOutReason} IS NULL OR ${table.optOutReason} IN (${sqlList(OPT_OUT_REASONS)})`,
    ),
  ],
);

/** A student's request to correct one locked value; the cell approves (the value is written) or rejects it. */
export const cycleRecordCorrections = pgTable(
  'cycle_record_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => cycleEnrolments.id, { onDelete: 'cascade' }),
    field: text('field', { enum: RECORD_FIELDS }).notNull(),
    /** As typed; for `branch` the id of a branch of the institution's list. */
    requestedValue: text('requested_value').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CORRECTION_STATUSES }).notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('cycle_record_corrections_cycle_idx').on(table.cycleId, table.status, table.createdAt),
    index('cycle_record_corrections_enrolment_idx').on(table.enrolmentId),
    uniqueIndex('cycle_record_corrections_one_pending')
      .on(table.enrolmentId, table.field)
      .where(sql`${table.status} = 'pending'`),
    check('cycle_record_corrections_field_known', sql`${table.field} IN (${sqlList(RECORD_FIELDS)})`),
    check('cycle_record_corrections_status_known', sql`${table.status} IN (${sqlList(CORRECTION_STATUSES)})`),
  ],
);

/** A coordinator of the cell's team limited to some companies of a cycle (no rows for the cycle: all of them). */
export const cycleCoordinatorCompanies = pgTable(
  'cycle_coordinator_companies',
  {
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => organizationMembers.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({
      name: 'cycle_coordinator_companies_pkey',
      columns: [table.cycleId, table.memberId, table.organizationId],
    }),
    index('cycle_coordinator_companies_member_idx').on(table.memberId),
    index('cycle_coordinator_companies_organization_idx').on(table.organizationId),
  ],
);

/** A company's registration for a cycle: requested by it or invited by the cell, then decided by the cell. */
export const cycleCompanies = pgTable(
  'cycle_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CYCLE_COMPANY_STATUSES }).notNull(),
    note: text('note'),
    requestedBy: bigint('requested_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cycle_companies_cycle_organization_key').on(table.cycleId, table.organizationId),
    index('cycle_companies_organization_idx').on(table.organizationId),
    check('cycle_companies_status_known', sql`${table.status} IN (${sqlList(CYCLE_COMPANY_STATUSES)})`),
  ],
);

/** An opening attached to a cycle and the cell's decision on it (openings.cycle_id carries the attachment too). */
export const cycleOpenings = pgTable(
  'cycle_openings',
  {
    openingId: uuid('opening_id')
      .primaryKey()
      .references(() => openings.id, { onDelete: 'cascade' }),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CYCLE_OPENING_STATUSES }).notNull().default('pending'),
    /** The cell's comment when it sends the opening back (kept after approval for the record). */
    comment: text('comment'),
    ctcAmount: money('ctc_amount').notNull(),
    ctcCurrency: text('ctc_currency').notNull(),
    ctcPeriod: text('ctc_period', { enum: CTC_PERIODS }).notNull(),
    submittedBy: bigint('submitted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('cycle_openings_cycle_idx').on(table.cycleId, table.status, table.createdAt),
    index('cycle_openings_organization_idx').on(table.organizationId),
    check('cycle_openings_status_known', sql`${table.status} IN (${sqlList(CYCLE_OPENING_STATUSES)})`),
    check('cycle_openings_ctc_period_known', sql`${table.ctcPeriod} IN (${sqlList(CTC_PERIODS)})`),
    check('cycle_openings_ctc_positive', sql`${table.ctcAmount} >= 0`),
    check('cycle_openings_currency_code', sql`${table.ctcCurrency} ~ '^[A-Z]{3}$'`),
  ],
);

/** One student's exception to one rule of the cycle's policy (one opening, or all when opening_id is null). */
export const cyclePolicyExceptions = pgTable(
  'cycle_policy_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => cycleEnrolments.id, { onDelete: 'cascade' }),
    ruleKind: text('rule_kind').notNull(),
    openingId: uuid('opening_id').references(() => openings.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    grantedBy: bigint('granted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Revoked (0046): the row stays as the record, and no longer sets its rule aside. */
    revokedAt: at('revoked_at'),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (table) => [
    index('cycle_policy_exceptions_cycle_idx').on(table.cycleId, table.createdAt),
    index('cycle_policy_exceptions_enrolment_idx').on(table.enrolmentId, table.ruleKind),
    index('cycle_policy_exceptions_opening_idx').on(table.openingId),
    check(
      'cycle_policy_exceptions_revoke_reason_given',
      sql`(${table.revokedAt} IS NULL) = (${table.revokeReason} IS NULL)`,
    ),
  ],
);

/** An offer made on an application (one per application); cycle_id set when the opening is a cycle's. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    individualId: bigint('individual_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cycleId: uuid('cycle_id').references(() => placementCycles.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    ctcAmount: money('ctc_amount').notNull(),
    ctcCurrency: text('ctc_currency').notNull(),
    ctcPeriod: text('ctc_period', { enum: CTC_PERIODS }).notNull(),
    location: text('location'),
    joiningDate: date('joining_date', { mode: 'string' }),
    letterFileId: uuid('letter_file_id').references(() => files.id, { onDelete: 'set null' }),
    respondBy: at('respond_by').notNull(),
    status: text('status', { enum: OFFER_STATES }).notNull().default('pending'),
    statusReason: text('status_reason'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Migration 0043: full-time, internship or a pre-placement offer (the PPO holders' rule reads it). */
    kind: text('kind', { enum: OFFER_KINDS_MADE }).notNull().default('full-time'),
    /** Migration 0043: what the cycle's policy would refuse at offer time (warnings, never a silent block). */
    policyWarnings: jsonb('policy_warnings').$type<PolicyRefusal[]>().notNull().default([]),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offers_application_key').on(table.applicationId),
    index('offers_opening_idx').on(table.openingId),
    index('offers_organization_idx').on(table.organizationId, table.createdAt),
    index('offers_individual_idx').on(table.individualId, table.status),
    index('offers_cycle_idx').on(table.cycleId, table.status),
    index('offers_letter_file_idx').on(table.letterFileId),
    check('offers_status_known', sql`${table.status} IN (${sqlList(OFFER_STATES)})`),
    check('offers_ctc_period_known', sql`${table.ctcPeriod} IN (${sqlList(CTC_PERIODS)})`),
    check('offers_ctc_positive', sql`${table.ctcAmount} >= 0`),
    check('offers_currency_code', sql`${table.ctcCurrency} ~ '^[A-Z]{3}$'`),
    check('offers_kind_known', sql`${table.kind} IN (${sqlList(OFFER_KINDS_MADE)})`),
    index('offers_pending_respond_by_idx').on(table.respondBy).where(sql`${table.status} = 'pending'`),
  ],
);

/** A notice to a cycle's students: all of them, a filter of them, or one opening stage's candidates. */
export const cycleNotices = pgTable(
  'cycle_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => placementCycles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<NoticeAudience>().notNull().default({ kind: 'all' }),
    /** files.id of the attachments (no foreign key: an array; the notices code checks ownership on write). */
    attachmentFileIds: uuid('attachment_file_ids').array().notNull().default(sql`'{}'`),
    requiresAck: boolean('requires_ack').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('cycle_notices_cycle_idx').on(table.cycleId, table.createdAt)],
);

export const cycleNoticeReceipts = pgTable(
  'cycle_notice_receipts',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => cycleNotices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at'),
    acknowledgedAt: at('acknowledged_at'),
  },
  (table) => [
    primaryKey({ name: 'cycle_notice_receipts_pkey', columns: [table.noticeId, table.userId] }),
    index('cycle_notice_receipts_user_idx').on(table.userId),
  ],
);
