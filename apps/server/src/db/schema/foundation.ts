import { ACCOUNT_TYPES } from '@placely/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Conventions: bigint identity ids (exposed as numbers, spec's userId), timestamptz everywhere,
 * created_at/updated_at on every mutable table, foreign keys with explicit ON DELETE rules,
 * lower-cased emails and domains so uniqueness is case-insensitive.
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const institutions = pgTable(
  'institutions',
  {
    id: id(),
    name: text('name').notNull(),
    city: text('city'),
    website: text('website'),
    domain: text('domain'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('institutions_domain_key').on(table.domain),
    index('institutions_name_idx').on(sql`lower(${table.name})`),
    check('institutions_domain_lowercase', sql`${table.domain} = lower(${table.domain})`),
  ],
);

const accountTypeList = sql.raw(ACCOUNT_TYPES.map((type) => `'${type}'`).join(', '));

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    photo: text('photo'),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }),
    institutionId: bigint('institution_id', { mode: 'number' }).references(() => institutions.id, {
      onDelete: 'set null',
    }),
    hasInstitutionAccess: boolean('has_institution_access').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_institution_idx').on(table.institutionId),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_account_type_known', sql`${table.accountType} IN (${accountTypeList})`),
  ],
);

/** One row per external identity (provider + its stable subject) linked to a user. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamps.createdAt,
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('auth_identities_user_idx').on(table.userId),
  ],
);

/** A sign-in session: every refresh token descends from one family; reuse revokes the family. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('refresh_token_families_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The successor handed out when this token was spent, sealed (AES-256-GCM) with a key derived from this token,
     * so only its holder can open it: a retry within the grace window gets the same successor.
     */
    successorSealed: text('successor_sealed'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

export const individualProfiles = pgTable('individual_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  headline: text('headline'),
  about: text('about'),
  location: text('location'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  photo: text('photo'),
  linkedin: text('linkedin'),
  github: text('github'),
  website: text('website'),
  ...timestamps,
});

export const organizationProfiles = pgTable('organization_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  logo: text('logo'),
  website: text('website'),
  industry: text('industry'),
  size: text('size'),
  about: text('about'),
  locations: text('locations').array().notNull().default(sql`'{}'::text[]`),
  contactEmail: text('contact_email'),
  ...timestamps,
});

/** Spec §3 phone numbers. Deletion is soft; at most one live primary and no live duplicates per user. */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('phone_numbers_user_idx').on(table.userId),
    uniqueIndex('phone_numbers_live_number_key').on(table.userId, table.number).where(sql`NOT ${table.isDeleted}`),
    uniqueIndex('phone_numbers_live_primary_key')
      .on(table.userId)
      .where(sql`${table.isPrimary} AND NOT ${table.isDeleted}`),
  ],
);

export const autoFillData = pgTable('auto_fill_data', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamps.updatedAt,
});
