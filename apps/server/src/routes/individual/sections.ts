import type { z } from '@placely/contract';
import {
  educationEntrySchema,
  educationInputSchema,
  experienceEntrySchema,
  experienceInputSchema,
  otherEntrySchema,
  otherInputSchema,
  placementEntrySchema,
  placementInputSchema,
  projectEntrySchema,
  projectInputSchema,
  type RecordKind,
  SECTION_LIMITS,
  skillEntrySchema,
  skillInputSchema,
} from '@placely/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  educationEntries,
  experienceEntries,
  otherEntries,
  placementEntries,
  projectEntries,
  skills,
} from '../../db/schema';
import {
  presentEducation,
  presentExperience,
  presentOther,
  presentPlacement,
  presentProject,
  presentSkill,
} from '../../presenters/individual';

/** A table of profile-section entries: the columns every section shares. */
export type SectionTable = PgTable & {
  id: AnyPgColumn;
  userId: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** One profile section: where it is served, its table, its shapes, and how its list is ordered. */
export interface SectionDefinition {
  path: string;
  tag: string;
  /** "education entry": used in messages. */
  noun: string;
  table: SectionTable;
  input: z.ZodType<Record<string, unknown>>;
  entry: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: each section's presenter takes its own row type
  present: (row: any, verified: boolean) => unknown;
  /** Sections whose entries verification groups can vouch for: their entries carry `verified`, edits clear it. */
  recordKind?: RecordKind;
  orderBy: (table: SectionTable) => SQL[];
  max: number;
  /** The message for a unique-index clash (skills: the same name twice). */
  duplicate?: string;
  /** Why an entry may not be edited (a placement an organization vouches for), or null. */
  locked?: (row: Record<string, unknown>) => string | null;
}

const newestFirst = (table: SectionTable & { isCurrent?: AnyPgColumn }, endColumn: AnyPgColumn) => [
  sql`${endColumn} desc nulls first`,
  desc(table.createdAt),
];

export const SECTIONS: SectionDefinition[] = [
  {
    path: '/api/individual/education',
    tag: 'education',
    recordKind: 'education',
    noun: 'education entry',
    table: educationEntries,
    input: educationInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: educationEntrySchema,
    present: presentEducation,
    orderBy: () => newestFirst(educationEntries, educationEntries.endMonth),
    max: SECTION_LIMITS.entriesPerSection,
  },
  {
    path: '/api/individual/experience',
    tag: 'experience',
    recordKind: 'experience',
    noun: 'experience',
    table: experienceEntries,
    input: experienceInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: experienceEntrySchema,
    present: presentExperience,
    orderBy: () => newestFirst(experienceEntries, experienceEntries.endMonth),
    max: SECTION_LIMITS.entriesPerSection,
  },
  {
    path: '/api/individual/projects',
    tag: 'projects',
    noun: 'project',
    table: projectEntries,
    input: projectInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: projectEntrySchema,
    present: presentProject,
    orderBy: () => newestFirst(projectEntries, projectEntries.endMonth),
    max: SECTION_LIMITS.entriesPerSection,
  },
  {
    path: '/api/individual/other',
    tag: 'others',
    recordKind: 'other',
    noun: 'item',
    table: otherEntries,
    input: otherInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: otherEntrySchema,
    present: presentOther,
    orderBy: () => [sql`${otherEntries.month} desc nulls last`, desc(otherEntries.createdAt)],
    max: SECTION_LIMITS.entriesPerSection,
  },
  {
    path: '/api/individual/placements',
    tag: 'placements',
    recordKind: 'placement',
    noun: 'placement',
    table: placementEntries,
    input: placementInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: placementEntrySchema,
    present: presentPlacement,
    orderBy: () => [sql`${placementEntries.month} desc nulls last`, desc(placementEntries.createdAt)],
    max: SECTION_LIMITS.entriesPerSection,
    // An accepted offer's entry is the organization's word: the student may remove it, not change it.
    locked: (row) =>
      row.offerId
        ? 'This placement comes from an offer you accepted on Placely and is verified by the organization: it cannot be edited. You can remove it from your profile.'
        : null,
  },
  {
    path: '/api/user/skills',
    tag: 'skills',
    noun: 'skill',
    table: skills,
    input: skillInputSchema as unknown as z.ZodType<Record<string, unknown>>,
    entry: skillEntrySchema,
    present: presentSkill,
    orderBy: () => [asc(skills.createdAt), asc(skills.id)],
    max: SECTION_LIMITS.skillsPerUser,
    duplicate: 'You already have this skill.',
  },
];
