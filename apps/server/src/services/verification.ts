import type { RecordKind, VerificationBadge } from '@placely/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  educationEntries,
  experienceEntries,
  otherEntries,
  placementEntries,
  recordVerifications,
  users,
  verificationGroupRoles,
  verificationGroups,
} from '../db/schema';

/** The section table each verifiable record kind lives in. */
export const RECORD_TABLES = {
  education: educationEntries,
  experience: experienceEntries,
  placement: placementEntries,
  other: otherEntries,
} as const satisfies Record<RecordKind, unknown>;

/** The key of a record in the badge map: `education:<entry id>`. */
export const badgeKey = (recordKind: RecordKind, recordId: string) => `${recordKind}:${recordId}`;

export type BadgeOfUser = VerificationBadge & { userId: number };

/**
 * The verification badges of the given people's records, keyed by `badgeKey(kind, id)`.
 *
 * A record has a badge when some live, approved verification group's latest live (not voided) decision on it is
 * "verified"; when several groups vouch, the most recent one is shown. Editing or deleting a record voids its
 * decisions (voidRecordVerifications), so a badge always refers to the record as it is now. Use it wherever a
 * person's records are shown to others (portfolio, applications, applicant tables, exports):
 *
 *   const badges = await verificationBadgesFor(db, [userId]);
 *   badges.get(badgeKey('education', entry.id)) // → { groupName, verifierName, verifiedAt, … } | undefined
 *
 * `kinds` narrows the query to some record kinds. One query for any number of people.
 */
export async function verificationBadgesFor(
  db: Executor,
  userIds: number[],
  options: { kinds?: RecordKind[] } = {},
): Promise<Map<string, BadgeOfUser>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0 || options.kinds?.length === 0) return new Map();
  const latestPerGroup = await db
    .selectDistinctOn(
      [recordVerifications.recordKind, recordVerifications.recordId, recordVerifications.verificationGroupId],
      {
        userId: recordVerifications.subjectUserId,
        recordKind: recordVerifications.recordKind,
        recordId: recordVerifications.recordId,
        groupId: recordVerifications.verificationGroupId,
        groupName: verificationGroups.name,
        verifierName: users.name,
        decision: recordVerifications.decision,
        decidedAt: recordVerifications.decidedAt,
      },
    )
    .from(recordVerifications)
    .innerJoin(
      verificationGroups,
      and(
        eq(verificationGroups.id, recordVerifications.verificationGroupId),
        isNull(verificationGroups.deletedAt),
        eq(verificationGroups.approvalState, 'approved'),
      ),
    )
    .innerJoin(users, eq(users.id, recordVerifications.verifierId))
    .where(
      and(
        inArray(recordVerifications.subjectUserId, ids),
        isNull(recordVerifications.voidedAt),
        options.kinds ? inArray(recordVerifications.recordKind, options.kinds) : undefined,
      ),
    )
    .orderBy(
      recordVerifications.recordKind,
      recordVerifications.recordId,
      recordVerifications.verificationGroupId,
      desc(recordVerifications.decidedAt),
      desc(recordVerifications.id),
    );
  const badges = new Map<string, BadgeOfUser>();
  for (const row of latestPerGroup) {
    if (row.decision !== 'verified') continue;
    const key = badgeKey(row.recordKind, row.recordId);
    const verifiedAt = row.decidedAt.toISOString();
    const existing = badges.get(key);
    if (existing && existing.verifiedAt >= verifiedAt) continue;
    badges.set(key, {
      userId: row.userId,
      recordKind: row.recordKind,
      recordId: row.recordId,
      groupId: row.groupId,
      groupName: row.groupName,
      verifierName: row.verifierName,
      verifiedAt,
    });
  }
  return badges;
}

/** Ids of one person's records of one kind that carry a badge now (the sections' `verified` flag). */
export async function verifiedRecordIds(db: Executor, userId: number, kind: RecordKind): Promise<Set<string>> {
  const badges = await verificationBadgesFor(db, [userId], { kinds: [kind] });
  return new Set([...badges.values()].map((badge) => badge.recordId));
}

/** Called when the person edits or deletes a record: every decision on it stops counting. Returns how many. */
export async function voidRecordVerifications(
  db: Executor,
  subjectUserId: number,
  recordKind: RecordKind,
  recordId: string,
): Promise<number> {
  const voided = await db
    .update(recordVerifications)
    .set({ voidedAt: sql`now()` })
    .where(
      and(
        eq(recordVerifications.subjectUserId, subjectUserId),
        eq(recordVerifications.recordKind, recordKind),
        eq(recordVerifications.recordId, recordId),
        isNull(recordVerifications.voidedAt),
      ),
    )
    .returning({ id: recordVerifications.id });
  return voided.length;
}

/**
 * Roles granted by email before the person signed up are theirs from their first sign-in (and from any later one,
 * should an invitation arrive for an email they already use). Called by services/users.ts find-or-create.
 */
export async function claimRoleInvitations(db: Executor, user: { id: number; email: string }): Promise<void> {
  await db
    .update(verificationGroupRoles)
    .set({ userId: user.id, updatedAt: sql`now()` })
    .where(and(eq(verificationGroupRoles.email, user.email.toLowerCase()), isNull(verificationGroupRoles.userId)));
}
