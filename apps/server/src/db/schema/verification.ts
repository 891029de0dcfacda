import {
  APPROVAL_STATES,
  INSTITUTION_ROLES,
  JOIN_POLICIES,
  RECORD_KINDS,
  VERIFICATION_DECISIONS,
  VERIFICATION_ROLES,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions, users } from './foundation';
import { membershipTables, sqlList, timestamps } from './memberships';

/** A person's role at an institution; holding any sets users.has_institution_access. */
export const institutionRoles = pgTable(
  'institution_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: bigint('institution_id', { mode: 'number' })
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    /** Null until someone signs in with `email` (a role can be given before the person joins Placely). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: INSTITUTION_ROLES }).notNull(),
    grantedBy: bigint('granted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('institution_roles_institution_email_key').on(table.institutionId, table.email),
    uniqueIndex('institution_roles_institution_user_key').on(table.institutionId, table.userId),
    index('institution_roles_user_idx').on(table.userId),
    index('institution_roles_unresolved_email_idx').on(table.email).where(sql`${table.userId} IS NULL`),
    check('institution_roles_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('institution_roles_role_known', sql`${table.role} IN (${sqlList(INSTITUTION_ROLES)})`),
  ],
);

/**
 * A group that vouches for its members' records. It goes live (joinable, able to verify) once a platform
 * verification admin approves it. Soft-deleted: its past verifications stop showing as badges.
 */
export const verificationGroups = pgTable(
  'verification_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    description: text('description'),
    joinPolicy: text('join_policy', { enum: JOIN_POLICIES }).notNull().default('request'),
    approvalState: text('approval_state', { enum: APPROVAL_STATES }).notNull().default('pending'),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('verification_groups_owner_idx').on(table.ownerId).where(sql`${table.deletedAt} IS NULL`),
    index('verification_groups_institution_idx').on(table.institutionId).where(sql`${table.deletedAt} IS NULL`),
    index('verification_groups_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.approvalState} = 'pending' AND ${table.deletedAt} IS NULL`),
    check('verification_groups_join_policy_known', sql`${table.joinPolicy} IN (${sqlList(JOIN_POLICIES)})`),
    check('verification_groups_approval_known', sql`${table.approvalState} IN (${sqlList(APPROVAL_STATES)})`),
  ],
);

const verificationMemberships = membershipTables('verification_group', () => verificationGroups.id);
export const verificationGroupMembers = verificationMemberships.members;
export const verificationGroupFollowers = verificationMemberships.followers;

/**
 * Roles inside a verification group, granted by email. user_id stays null until someone with that email signs in
 * (services/users.ts resolves it on sign-in); one role per email and group.
 */
export const verificationGroupRoles = pgTable(
  'verification_group_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => verificationGroups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: VERIFICATION_ROLES }).notNull(),
    grantedBy: bigint('granted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('verification_group_roles_group_email_key').on(table.groupId, table.email),
    index('verification_group_roles_user_idx').on(table.userId),
    index('verification_group_roles_unresolved_email_idx').on(table.email).where(sql`${table.userId} IS NULL`),
    check('verification_group_roles_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('verification_group_roles_role_known', sql`${table.role} IN (${sqlList(VERIFICATION_ROLES)})`),
  ],
);

/**
 * Every decision a verifier made on one profile record (append-only). The latest live decision of a group on a
 * record counts; editing or deleting the record voids its decisions (voided_at), so a badge never outlives the
 * content it vouched for. The snapshot keeps what was verified, for audit.
 */
export const recordVerifications = pgTable(
  'record_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectUserId: bigint('subject_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordKind: text('record_kind', { enum: RECORD_KINDS }).notNull(),
    recordId: uuid('record_id').notNull(),
    verificationGroupId: uuid('verification_group_id')
      .notNull()
      .references(() => verificationGroups.id, { onDelete: 'cascade' }),
    verifierId: bigint('verifier_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: VERIFICATION_DECISIONS }).notNull(),
    note: text('note'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /**
     * An education record's eligibility values as the verifier saw them, in auto-fill keys (migration 0037): what a
     * "verified education only" opening judges, and what the organization is shown beside the badge.
     */
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('record_verifications_subject_idx')
      .on(table.subjectUserId, table.recordKind, table.recordId, table.decidedAt)
      .where(sql`${table.voidedAt} IS NULL`),
    index('record_verifications_record_idx').on(table.recordKind, table.recordId),
    index('record_verifications_group_idx').on(table.verificationGroupId),
    check('record_verifications_kind_known', sql`${table.recordKind} IN (${sqlList(RECORD_KINDS)})`),
    check('record_verifications_decision_known', sql`${table.decision} IN (${sqlList(VERIFICATION_DECISIONS)})`),
  ],
);
