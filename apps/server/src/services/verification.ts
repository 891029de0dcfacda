import type { AutoFillData, RecordKind, VerificationBadge } from '@placely/contract';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
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
import { type EducationRow, educationAutoFill } from './autofill';

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
 * The latest live decision of each approved, live group on each record of some people (of some kinds, or of every
 * kind when `kinds` is null), with the group's and the verifier's names. Written once and prepared per connection:
 * every portfolio view, applicant table and apply form runs it, and building it per request cost more CPU than
 * PostgreSQL spends running it (hot-paths.md, 2026-11-28).
 */
const latestDecisions = preparedStatement<{
  user_id: number | string;
  record_kind: RecordKind;
  record_id: string;
  group_id: string;
  group_name: string;
  verifier_name: string;
  decision: string;
  decided_at: string | Date;
}>(
  'verification_badges',
  sql`select distinct on (${recordVerifications.recordKind}, ${recordVerifications.recordId}, ${recordVerifications.verificationGroupId})
      ${recordVerifications.subjectUserId} as user_id, ${recordVerifications.recordKind} as record_kind,
      ${recordVerifications.recordId} as record_id, ${recordVerifications.verificationGroupId} as group_id,
      ${verificationGroups.name} as group_name, ${users.name} as verifier_name, ${recordVerifications.decision} as decision,
      ${recordVerifications.decidedAt} as decided_at
    from ${recordVerifications}
    join ${verificationGroups} on ${verificationGroups.id} = ${recordVerifications.verificationGroupId}
      and ${verificationGroups.deletedAt} is null and ${verificationGroups.approvalState} = 'approved'
    join ${users} on ${users.id} = ${recordVerifications.verifierId}
    where ${recordVerifications.subjectUserId} = any(${sql.placeholder('userIds')}::bigint[])
      and ${recordVerifications.voidedAt} is null
      and (${sql.placeholder('kinds')}::text[] is null or ${recordVerifications.recordKind} = any(${sql.placeholder('kinds')}::text[]))
    order by ${recordVerifications.recordKind}, ${recordVerifications.recordId}, ${recordVerifications.verificationGroupId},
      ${recordVerifications.decidedAt} desc, ${recordVerifications.id} desc`,
);

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
  const latestPerGroup = await latestDecisions(db, { userIds: ids, kinds: options.kinds ?? null });
  const badges = new Map<string, BadgeOfUser>();
  for (const row of latestPerGroup) {
    if (row.decision !== 'verified') continue;
    const key = badgeKey(row.record_kind, row.record_id);
    const verifiedAt = new Date(row.decided_at).toISOString();
    const existing = badges.get(key);
    if (existing && existing.verifiedAt >= verifiedAt) continue;
    badges.set(key, {
      userId: Number(row.user_id),
      recordKind: row.record_kind,
      recordId: row.record_id,
      groupId: row.group_id,
      groupName: row.group_name,
      verifierName: row.verifier_name,
      verifiedAt,
    });
  }
  return badges;
}

/** The auto-fill keys a verified education vouches for: what eligibility and the organization's views read. */
export const VERIFIED_FACT_KEYS = [
  'institution',
  'degree',
  'branch',
  'grade',
  'gradeScale',
  'graduationYear',
  'currentBacklogs',
] as const satisfies readonly (keyof AutoFillData)[];

/** The eligibility values of an education record as the verifier sees it now: stored with the decision. */
export function verifiedFactsOfEducation(entry: EducationRow): Record<string, unknown> {
  const values = educationAutoFill(entry);
  return Object.fromEntries(
    VERIFIED_FACT_KEYS.flatMap((key) =>
      values[key] === null || values[key] === undefined ? [] : [[key, values[key]]],
    ),
  );
}

/**
 * The person's verified education facts (jsonb, null when none), as one scalar subquery for any statement that has the
 * person's id: the `facts` the latest live "verified" decision of an approved, live group stored on their MAIN
 * education (the one auto-fill and eligibility take grade, degree and branch from: current first, then the latest to
 * end) — the same badge rule as `verificationBadgesFor`. A person without decisions costs one empty index probe.
 * Eligibility of "verified education only" openings (`services/applications/eligibility.ts`), the responses table,
 * the ranking, the export and the share link read it, so they all show and judge what the verifier saw.
 */
export function verifiedEducationFactsSql(userId: AnyColumn | SQL): SQL<Record<string, unknown> | null> {
  return sql<Record<string, unknown> | null>`(select v.facts from (
      select distinct on (rv.verification_group_id) rv.facts, rv.decision, rv.decided_at
      from record_verifications rv
      join verification_groups vg on vg.id = rv.verification_group_id
        and vg.deleted_at is null and vg.approval_state = 'approved'
      where rv.subject_user_id = ${userId} and rv.record_kind = 'education' and rv.voided_at is null
        and rv.record_id = (select e.id from education_entries e where e.user_id = ${userId}
          order by e.is_current desc, e.end_month desc nulls last, e.created_at desc limit 1)
      order by rv.verification_group_id, rv.decided_at desc, rv.id desc
    ) v where v.decision = 'verified' order by v.decided_at desc limit 1)`;
}

/**
 * The applicant facts every organization view reads (jsonb, null when none): the verified education's values when
 * the person has one (`verifiedEducationFactsSql`, looked up only for someone with a live decision), else their typed
 * auto-fill data — the responses table's rule, so its grade/year filters, the grade sort key (migration 0045's
 * `applicant_facts`, the same rule in SQL: keep them in step), the ranking's fact criteria and the export all read
 * and mark the same values. Whether they are verified: `applicantFactsVerifiedSql`.
 */
export function applicantFactsSql(userId: AnyColumn | SQL): SQL<Record<string, unknown> | null> {
  return sql<Record<string, unknown> | null>`coalesce(case when exists(select 1 from record_verifications lrv
      where lrv.subject_user_id = ${userId} and lrv.voided_at is null) then ${verifiedEducationFactsSql(userId)} end,
    (select afd.data from auto_fill_data afd where afd.user_id = ${userId}))`;
}

/** Whether `applicantFactsSql` gives the verified education's values (else self-reported ones, or none). */
export function applicantFactsVerifiedSql(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`(exists(select 1 from record_verifications lrv
      where lrv.subject_user_id = ${userId} and lrv.voided_at is null) and ${verifiedEducationFactsSql(userId)} is not null)`;
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
