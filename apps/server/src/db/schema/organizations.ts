import { AUDIT_KINDS, ORGANIZATION_ROLES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { institutions, users } from './foundation';
import { sqlList } from './memberships';
import { openings } from './openings';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

/**
 * An organization as its own entity. Its id IS the id of the organization's account (users.id), so every existing
 * reference (openings.organization_id, groups.owner_id, organization_profiles.user_id) already points at it.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Deleted by an owner: kept (soft delete) so applications, audit rows and files still point at it, but nobody
     * acts for it any more (services/organizations.ts) and its openings are deleted with it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    deletedBy: bigint('deleted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /**
     * The placement-cell link (migration 0042): this organization acts as the institution's placement cell once
     * `institutionLinkedAt` is set (by the institution's root, directly or confirming the owner's request; a request
     * alone leaves it null). Read only by services/placement/access.ts.
     */
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'set null',
    }),
    institutionLinkedAt: timestamp('institution_linked_at', { withTimezone: true, precision: 3 }),
    institutionLinkRequestedBy: bigint('institution_link_requested_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (table) => [
    index('organizations_institution_idx').on(table.institutionId),
    check(
      'organizations_link_needs_institution',
      sql`${table.institutionLinkedAt} IS NULL OR ${table.institutionId} IS NOT NULL`,
    ),
  ],
);

/**
 * People of an organization, and invitations to become one. A row is invited by email (user_id null until that
 * person signs in; claimed_at set then), and leaves by revoked_at (kept for the audit trail, so a former member
 * stays named). At most one live row per organization and email, and per organization and person.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    /** false: the role covers only the openings in organization_member_openings. */
    allOpenings: boolean('all_openings').notNull().default(true),
    canViewContacts: boolean('can_view_contacts').notNull().default(false),
    invitedBy: bigint('invited_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true, precision: 3 }),
    /** An unclaimed invitation lapses at this time; null once claimed. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organization_members_live_email_key')
      .on(table.organizationId, table.email)
      .where(sql`${table.revokedAt} IS NULL`),
    uniqueIndex('organization_members_live_user_key')
      .on(table.organizationId, table.userId)
      .where(sql`${table.revokedAt} IS NULL`),
    index('organization_members_user_idx').on(table.userId).where(sql`${table.revokedAt} IS NULL`),
    // The caller's membership of an organization, revoked rows included (a former member is told so): every
    // organization request reads it. The live-only indexes above cannot serve it, so without this one it read every
    // membership of every organization (16 ms at 100 000 organizations: bench/results/hot-paths.md, 2026-11-28 07:23).
    index('organization_members_organization_user_idx').on(table.organizationId, table.userId),
    index('organization_members_unclaimed_email_idx')
      .on(table.email)
      .where(sql`${table.userId} IS NULL AND ${table.revokedAt} IS NULL`),
    check('organization_members_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('organization_members_role_known', sql`${table.role} IN (${sqlList(ORGANIZATION_ROLES)})`),
  ],
);

/** The openings a limited role covers. */
export const organizationMemberOpenings = pgTable(
  'organization_member_openings',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => organizationMembers.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.openingId] }),
    index('organization_member_openings_opening_idx').on(table.openingId),
  ],
);

/**
 * Who did what and when, per organization. Append-only: no route updates or deletes a row, and a trigger
 * (migration 0010) refuses UPDATE. Actor, opening and application are plain ids without foreign keys, so the
 * history outlives what it talks about.
 */
export const organizationAuditEvents = pgTable(
  'organization_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    openingId: uuid('opening_id'),
    applicationId: uuid('application_id'),
    subjectEmail: text('subject_email'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('organization_audit_events_org_time_idx').on(table.organizationId, table.createdAt, table.id),
    index('organization_audit_events_opening_idx').on(table.openingId, table.createdAt),
    check('organization_audit_events_kind_known', sql`${table.kind} IN (${sqlList(AUDIT_KINDS)})`),
    // A video answer's "watched" is recorded once per person and answer (the route inserts ON CONFLICT DO NOTHING).
    uniqueIndex('organization_audit_events_video_watched_once')
      .on(table.actorUserId, sql`(${table.details}->>'answerId')`)
      .where(sql`${table.kind} = 'videoAnswer.watched'`),
  ],
);
