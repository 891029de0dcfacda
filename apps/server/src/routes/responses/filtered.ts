import type { ApplicationFilter } from '@placely/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, individualProfiles, users } from '../../db/schema';
import type { TimeCursor } from '../../http/cursor';
import { applicationFilterConditions, readyForFilter } from '../../services/shortlisting/filters';

const applicantName = sql<string | null>`coalesce(${individualProfiles.name}, ${users.name})`;

/**
 * A page of the responses view under filters beyond the stage (text, tags, verified, facts, answers): dynamic SQL
 * over the same keyset as the prepared pages, plus the matching total. The unfiltered and stage-only pages keep
 * their prepared statements (routes/responses/index.ts).
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
    db
      .select({
        application: applications,
        name: applicantName,
        email: users.email,
        hasVerifications: sql<boolean>`exists(select 1 from record_verifications rv
          where rv.subject_user_id = ${applications.applicantId} and rv.voided_at is null)`,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantId))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, applications.applicantId))
      .where(and(matching, after ? (newest ? sql`${position} < ${after}` : sql`${position} > ${after}`) : undefined))
      .orderBy(
        ...(newest
          ? [desc(applications.submittedAt), desc(applications.id)]
          : [asc(applications.submittedAt), asc(applications.id)]),
      )
      .limit(limit + 1),
    db.select({ n: count() }).from(applications).where(matching),
  ]);
  return { rows, total: Number(total[0]?.n ?? 0) };
}
