import {
  type Answers,
  type AutoFillKey,
  type FormDefinition,
  fieldsOf,
  type RecordKind,
  type VerificationBadge,
  type VerifiedAnswers,
  type VerifiedRecord,
} from '@placely/contract';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { educationEntries, experienceEntries, otherEntries, placementEntries } from '../../db/schema';
import { type EducationRow, educationAutoFill } from '../autofill';
import { verificationBadgesFor } from '../verification';
import { answerFromValue } from './prefill';

/** What the organization may trust about one applicant: their verified records and the verified education rows. */
export interface ApplicantVerification {
  records: VerifiedRecord[];
  education: { entry: EducationRow; badge: VerificationBadge }[];
}

const withoutUser = ({ userId: _userId, ...badge }: VerificationBadge & { userId: number }) => badge;

/** One query for the badges of every applicant on a page, one per record kind that has any. */
export async function loadApplicantVerifications(
  db: Executor,
  applicantIds: number[],
): Promise<Map<number, ApplicantVerification>> {
  const result = new Map<number, ApplicantVerification>();
  const [badgeMap, offerPlacements] = await readTogether(db, [
    () => verificationBadgesFor(db, applicantIds),
    () => offerVerifiedPlacements(db, applicantIds),
  ]);
  for (const placement of offerPlacements) {
    const entry = result.get(placement.userId) ?? { records: [], education: [] };
    entry.records.push(placement.record);
    result.set(placement.userId, entry);
  }
  const badges = [...badgeMap.values()];
  if (badges.length === 0) return result;
  const idsOf = (kind: RecordKind) => badges.filter((b) => b.recordKind === kind).map((b) => b.recordId);
  const [education, experience, placements, others] = await readTogether(db, [
    () =>
      idsOf('education').length
        ? db
            .select()
            .from(educationEntries)
            .where(inArray(educationEntries.id, idsOf('education')))
        : [],
    () =>
      idsOf('experience').length
        ? db
            .select()
            .from(experienceEntries)
            .where(inArray(experienceEntries.id, idsOf('experience')))
        : [],
    () =>
      idsOf('placement').length
        ? db
            .select()
            .from(placementEntries)
            .where(inArray(placementEntries.id, idsOf('placement')))
        : [],
    () =>
      idsOf('other').length
        ? db
            .select()
            .from(otherEntries)
            .where(inArray(otherEntries.id, idsOf('other')))
        : [],
  ]);
  const titles = new Map<string, string>([
    ...education.map(
      (e) =>
        [
          e.id,
          [[e.degree, e.fieldOfStudy].filter(Boolean).join(', '), e.institutionName].filter(Boolean).join(' — '),
        ] as const,
    ),
    ...experience.map((e) => [e.id, `${e.title} — ${e.organization}`] as const),
    ...placements.map((e) => [e.id, `${e.role} — ${e.organization}`] as const),
    ...others.map((e) => [e.id, e.title] as const),
  ]);
  const educationById = new Map(education.map((entry) => [entry.id, entry]));
  for (const badge of badges) {
    const title = titles.get(badge.recordId);
    if (!title) continue;
    const entry = result.get(badge.userId) ?? { records: [], education: [] };
    entry.records.push({ ...withoutUser(badge), title });
    const row = educationById.get(badge.recordId);
    if (row) entry.education.push({ entry: row, badge: withoutUser(badge) });
    result.set(badge.userId, entry);
  }
  return result;
}

/**
 * Placements an organization vouches for: entries written by an offer accepted on Placely (placement season). They
 * read as verified records whose verifier is the organization that made the offer, in every application after it.
 */
async function offerVerifiedPlacements(
  db: Executor,
  applicantIds: number[],
): Promise<Array<{ userId: number; record: VerifiedRecord }>> {
  if (applicantIds.length === 0) return [];
  const rows = await db
    .select({
      entry: placementEntries,
      decidedAt: sql<string | null>`(select o.decided_at from offers o
        where o.id = ${placementEntries.offerId})`,
    })
    .from(placementEntries)
    .where(and(inArray(placementEntries.userId, applicantIds), isNotNull(placementEntries.verifiedByOrganizationId)));
  return rows.map(({ entry, decidedAt }) => ({
    userId: entry.userId,
    record: {
      recordKind: 'placement',
      recordId: entry.id,
      groupId: `offer:${entry.offerId ?? entry.id}`,
      groupName: 'Offer accepted on Placely',
      verifierName: entry.organization,
      verifiedAt: new Date(decidedAt ?? entry.createdAt).toISOString(),
      title: `Verified placement: ${entry.role} — ${entry.organization}`,
    },
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The answers a verified education backs: a field keyed to an education value (institution, degree, grade…) whose
 * answer is exactly what a verified entry says. An answer the person changed by hand is never marked verified.
 */
export function verifiedAnswersFor(
  definition: FormDefinition | undefined,
  answers: Answers,
  verification: ApplicantVerification | undefined,
): VerifiedAnswers {
  const verified: VerifiedAnswers = {};
  if (!definition || !verification || verification.education.length === 0) return verified;
  for (const field of fieldsOf(definition)) {
    if (field.type === 'repeatableGroup' || field.type === 'fileUpload' || !field.autoFillKey) continue;
    const answer = answers[field.id];
    if (answer === undefined || answer === null || answer === '') continue;
    for (const { entry, badge } of verification.education) {
      const value = (educationAutoFill(entry) as Partial<Record<AutoFillKey, string | number | null>>)[
        field.autoFillKey
      ];
      if (value === null || value === undefined) continue;
      if (same(answerFromValue(field, value), answer)) {
        verified[field.id] = badge;
        break;
      }
    }
  }
  return verified;
}
