import type { EducationEntry } from '@placely/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { educationEntries } from '../db/schema';
import { presentEducation } from '../presenters/individual';

/** The education list the sign-in response carries (spec §3), newest first. */
export async function loadEducation(db: Executor, userId: number): Promise<EducationEntry[]> {
  const rows = await db
    .select()
    .from(educationEntries)
    .where(eq(educationEntries.userId, userId))
    .orderBy(sql`${educationEntries.endMonth} desc nulls first`, desc(educationEntries.createdAt));
  return rows.map(presentEducation);
}
