import type { EducationEntry, PortfolioSummary } from '@placely/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { educationEntries, portfolios } from '../db/schema';
import { presentEducation } from '../presenters/individual';
import { presentPortfolioSummary } from '../presenters/portfolio';
import { verifiedRecordIds } from './verification';

/** The education list the sign-in response carries (spec §3), newest first. */
export async function loadEducation(db: Executor, userId: number): Promise<EducationEntry[]> {
  const rows = await db
    .select()
    .from(educationEntries)
    .where(eq(educationEntries.userId, userId))
    .orderBy(sql`${educationEntries.endMonth} desc nulls first`, desc(educationEntries.createdAt));
  const verified = await verifiedRecordIds(db, userId, 'education');
  return rows.map((row) => presentEducation(row, verified.has(row.id)));
}

/** The portfolios the sign-in response carries (spec §7), newest first. */
export async function loadPortfolioSummaries(db: Executor, userId: number): Promise<PortfolioSummary[]> {
  const rows = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(desc(portfolios.createdAt));
  return rows.map(presentPortfolioSummary);
}
