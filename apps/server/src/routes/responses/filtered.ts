import type { ApplicationFilter } from '@placely/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications } from '../../db/schema';
import type { TimeCursor } from '../../http/cursor';
import { applicationFilterConditions, readyForFilter } from '../../services/shortlisting/filters';
import { pageRowsOfApplications } from './orders';

/** How many applications of the opening match a filter beyond the stage (the page's total under it). */
export async function filteredTotal(db: Executor, openingId: string, filter: ApplicationFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.openingId, openingId), ...applicationFilterConditions(filter)));
  return Number(row?.n ?? 0);
}

/**
 * A page of the responses view by submission time under filters beyond the stage (text, tags, verified, facts,
 * answers): dynamic SQL over the same keyset as the prepared pages, plus the matching total. The unfiltered and
 * stage-only pages keep their prepared statements (routes/responses/index.ts); other orders are in orders.ts.
 */
export async function filteredResponsePage(
  db: Executor,
  input: { openingId: string; filter: ApplicationFilter; newest: boolean; cursor: TimeCursor | null; limit: number },
) {
  const { openingId, filter, newest, cursor, limit } = input;
  await readyForFilter(db, openingId, filter);
  const matching = and(eq(applications.openingId, openingId), ...applicationFilterConditions(filter));
  const position = sql`(${applications.submittedAt}, ${applications.id})`;
  const after = cursor ? sql`(${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)` : undefined;
  const [rows, total] = await Promise.all([
    pageRowsOfApplications(db)
      .where(and(matching, after ? (newest ? sql`${position} < ${after}` : sql`${position} > ${after}`) : undefined))
      .orderBy(
        ...(newest
          ? [desc(applications.submittedAt), desc(applications.id)]
          : [asc(applications.submittedAt), asc(applications.id)]),
      )
      .limit(limit + 1),
    filteredTotal(db, openingId, filter),
  ]);
  return { rows: rows.map((row) => row.page), total };
}
