import type { OwnerSummary, PersonSummary } from '@placely/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { readTogether } from '../db/read-together';
import { educationEntries, individualProfiles, institutions, organizationProfiles, users } from '../db/schema';

/**
 * The public summary of people an organization or verifier sees in requests, member and follower lists: name,
 * photo, headline, linked institution and current (else latest) education. Nothing private (email, phone).
 */
export async function personSummaries(db: Executor, userIds: number[]): Promise<Map<number, PersonSummary>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [people, educations] = await readTogether(db, [
    () =>
      db
        .select({
          userId: users.id,
          name: sql<string>`coalesce(${individualProfiles.name}, ${users.name})`,
          photo: sql<string | null>`coalesce(${individualProfiles.photo}, ${users.photo})`,
          headline: individualProfiles.headline,
          institutionName: institutions.name,
        })
        .from(users)
        .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .where(inArray(users.id, ids)),
    () =>
      db
        .selectDistinctOn([educationEntries.userId], {
          userId: educationEntries.userId,
          degree: educationEntries.degree,
          institutionName: educationEntries.institutionName,
          endMonth: educationEntries.endMonth,
        })
        .from(educationEntries)
        .where(inArray(educationEntries.userId, ids))
        .orderBy(
          educationEntries.userId,
          desc(educationEntries.isCurrent),
          sql`${educationEntries.endMonth} desc nulls first`,
          desc(educationEntries.createdAt),
        ),
  ]);
  const educationOf = new Map(educations.map(({ userId, ...education }) => [userId, education]));
  return new Map(
    people.map((person) => [
      person.userId,
      {
        userId: person.userId,
        name: person.name,
        photo: person.photo,
        headline: person.headline,
        institutionName: person.institutionName,
        education: educationOf.get(person.userId) ?? null,
      },
    ]),
  );
}

/** A summary for someone whose row vanished between two queries: never expected, but never a crash. */
export function unknownPerson(userId: number): PersonSummary {
  return { userId, name: 'Former user', photo: null, headline: null, institutionName: null, education: null };
}

/** How the owners of groups appear: the organization profile's name and logo, else the account name. */
export async function ownerSummaries(db: Executor, userIds: number[]): Promise<Map<number, OwnerSummary>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`coalesce(${organizationProfiles.name}, ${individualProfiles.name}, ${users.name})`,
      logo: sql<string | null>`coalesce(${organizationProfiles.logo}, ${users.photo})`,
    })
    .from(users)
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.userId, row]));
}

export function unknownOwner(userId: number): OwnerSummary {
  return { userId, name: 'Former account', logo: null };
}
