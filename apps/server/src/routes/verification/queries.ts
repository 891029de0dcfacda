import type { RecordKind } from '@placely/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { recordVerifications, users } from '../../db/schema';
import { presentRecordDecision } from '../../presenters/verification-group';
import { RECORD_TABLES } from '../../services/verification';

/** Every verifiable record of a person with its version (updatedAt), in section order. */
export async function recordVersions(db: Executor, userId: number) {
  const kinds = Object.keys(RECORD_TABLES) as RecordKind[];
  const lists = await readTogether(
    db,
    kinds.map((recordKind) => async () => {
      const table = RECORD_TABLES[recordKind];
      const rows = await db
        .select({ id: table.id, updatedAt: table.updatedAt })
        .from(table)
        .where(eq(table.userId, userId));
      return rows.map((row) => ({ recordKind, recordId: row.id, updatedAt: row.updatedAt.toISOString() }));
    }),
  );
  return lists.flat();
}

/** This group's latest live decision on each of a person's records, keyed `kind:id`. */
export async function latestDecisions(db: Executor, groupId: string, userId: number) {
  const rows = await db
    .selectDistinctOn([recordVerifications.recordKind, recordVerifications.recordId], {
      decision: recordVerifications,
      verifierName: users.name,
    })
    .from(recordVerifications)
    .innerJoin(users, eq(users.id, recordVerifications.verifierId))
    .where(
      and(
        eq(recordVerifications.verificationGroupId, groupId),
        eq(recordVerifications.subjectUserId, userId),
        isNull(recordVerifications.voidedAt),
      ),
    )
    .orderBy(
      recordVerifications.recordKind,
      recordVerifications.recordId,
      desc(recordVerifications.decidedAt),
      desc(recordVerifications.id),
    );
  return new Map(
    rows.map((row) => [
      `${row.decision.recordKind}:${row.decision.recordId}`,
      presentRecordDecision(row.decision, row.verifierName),
    ]),
  );
}

/** How many records of each (group, member) pair the group's latest decision calls verified. */
export async function verifiedCounts(db: Executor, pairs: Array<{ groupId: string; userId: number }>) {
  const counts = new Map<string, number>();
  if (pairs.length === 0) return counts;
  const rows = await db
    .selectDistinctOn(
      [recordVerifications.verificationGroupId, recordVerifications.recordKind, recordVerifications.recordId],
      {
        groupId: recordVerifications.verificationGroupId,
        userId: recordVerifications.subjectUserId,
        decision: recordVerifications.decision,
      },
    )
    .from(recordVerifications)
    .where(
      and(
        inArray(recordVerifications.verificationGroupId, [...new Set(pairs.map((pair) => pair.groupId))]),
        inArray(recordVerifications.subjectUserId, [...new Set(pairs.map((pair) => pair.userId))]),
        isNull(recordVerifications.voidedAt),
      ),
    )
    .orderBy(
      recordVerifications.verificationGroupId,
      recordVerifications.recordKind,
      recordVerifications.recordId,
      desc(recordVerifications.decidedAt),
      desc(recordVerifications.id),
    );
  for (const row of rows) {
    if (row.decision !== 'verified') continue;
    const key = `${row.groupId}:${row.userId}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
