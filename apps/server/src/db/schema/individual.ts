import {
  EXPERIENCE_KINDS,
  GRADE_SCALES,
  OFFER_KINDS,
  OFFER_STATUSES,
  OTHER_KINDS,
  SKILL_LEVELS,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { institutions, users } from './foundation';
import { organizations } from './organizations';
import { offers } from './placement';

/** Columns every profile-section entry has: who owns it, in which order it shows, and when it changed. */
const entryColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const educationEntries = pgTable(
  'education_entries',
  {
    ...entryColumns(),
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'set null',
    }),
    institutionName: text('institution_name').notNull(),
    degree: text('degree').notNull(),
    fieldOfStudy: text('field_of_study'),
    startMonth: text('start_month'),
    endMonth: text('end_month'),
    isCurrent: boolean('is_current').notNull().default(false),
    grade: real('grade'),
    gradeScale: text('grade_scale', { enum: GRADE_SCALES }),
    currentBacklogs: integer('current_backlogs'),
    rollNumber: text('roll_number'),
  },
  (table) => [index('education_entries_user_idx').on(table.userId)],
);

export const experienceEntries = pgTable(
  'experience_entries',
  {
    ...entryColumns(),
    organization: text('organization').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: EXPERIENCE_KINDS }).notNull(),
    location: text('location'),
    startMonth: text('start_month').notNull(),
    endMonth: text('end_month'),
    isCurrent: boolean('is_current').notNull().default(false),
    description: text('description'),
  },
  (table) => [index('experience_entries_user_idx').on(table.userId)],
);

export const projectEntries = pgTable(
  'project_entries',
  {
    ...entryColumns(),
    title: text('title').notNull(),
    role: text('role'),
    startMonth: text('start_month'),
    endMonth: text('end_month'),
    isCurrent: boolean('is_current').notNull().default(false),
    description: text('description'),
    technologies: text('technologies').array().notNull().default(sql`'{}'::text[]`),
    link: text('link'),
  },
  (table) => [index('project_entries_user_idx').on(table.userId)],
);

export const otherEntries = pgTable(
  'other_entries',
  {
    ...entryColumns(),
    kind: text('kind', { enum: OTHER_KINDS }).notNull(),
    title: text('title').notNull(),
    issuer: text('issuer'),
    month: text('month'),
    link: text('link'),
    description: text('description'),
  },
  (table) => [index('other_entries_user_idx').on(table.userId)],
);

export const placementEntries = pgTable(
  'placement_entries',
  {
    ...entryColumns(),
    organization: text('organization').notNull(),
    role: text('role').notNull(),
    offerKind: text('offer_kind', { enum: OFFER_KINDS }).notNull(),
    compensation: numeric('compensation', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency'),
    month: text('month'),
    status: text('status', { enum: OFFER_STATUSES }).notNull(),
    /** Written by an accepted offer (migration 0042): verified by the organization that made it. */
    offerId: uuid('offer_id').references((): AnyPgColumn => offers.id, { onDelete: 'set null' }),
    verifiedByOrganizationId: bigint('verified_by_organization_id', { mode: 'number' }).references(
      (): AnyPgColumn => organizations.id,
      { onDelete: 'set null' },
    ),
  },
  (table) => [
    index('placement_entries_user_idx').on(table.userId),
    uniqueIndex('placement_entries_offer_key').on(table.offerId),
    index('placement_entries_verified_by_idx').on(table.verifiedByOrganizationId),
  ],
);

/** Skills are unique per person regardless of case ("react" and "React" are one skill). */
export const skills = pgTable(
  'skills',
  {
    ...entryColumns(),
    name: text('name').notNull(),
    level: text('level', { enum: SKILL_LEVELS }).notNull(),
  },
  (table) => [uniqueIndex('skills_user_name_key').on(table.userId, sql`lower(${table.name})`)],
);
