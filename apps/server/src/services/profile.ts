import type { ProfileDetails } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromFirstRead, claimsOf, signedInColumns } from '../auth/authenticate';
import type { Database, Executor } from '../db/client';
import { rowOf } from '../db/prepared';
import { individualProfiles, organizationProfiles, phoneNumbers, users } from '../db/schema';
import { presentProfileDetails } from '../presenters/profile';

/**
 * The profile in one statement: both profile rows joined to the user, the live phone numbers (oldest first) as one
 * JSON list of their rows.
 */
const profileDetailsColumns = {
  individual: individualProfiles,
  organization: organizationProfiles,
  phones: sql<Record<string, unknown>[]>`coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
    from phone_numbers p where p.user_id = ${users.id} and p.is_deleted = false), '[]'::jsonb)`,
};

function profileDetailsQuery(db: Executor) {
  return db
    .select(profileDetailsColumns)
    .from(users)
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')));
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof profileDetailsQuery>['execute']>>[number];

function detailsOf(row: ProfileRow | undefined): ProfileDetails {
  return presentProfileDetails({
    phoneNumbers: (row?.phones ?? []).map((phone) => rowOf(phoneNumbers, phone)),
    individual: row?.individual ?? undefined,
    organization: row?.organization ?? undefined,
  });
}

/** The profile as the spec's profileDetails: live phone numbers and the account's details. */
export async function loadProfileDetails(db: Executor, userId: number): Promise<ProfileDetails> {
  const [row] = await profileDetailsQuery(db).execute({ userId });
  return detailsOf(row);
}

/**
 * The signed-in profile read: the same read with the caller's session check in it (`signedInColumns`), one
 * statement for the whole request, prepared once per connection.
 */
export function preparedSignedInProfileDetails(db: Database) {
  const prepared = db
    .select({ ...signedInColumns, ...profileDetailsColumns })
    .from(users)
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('signed_in_profile_details');
  return async (request: FastifyRequest): Promise<{ actor: Actor; profileDetails: ProfileDetails }> => {
    const { userId, sessionId } = claimsOf(request);
    const { actor, row } = actorFromFirstRead(request, (await prepared.execute({ userId, sessionId }))[0]);
    return { actor, profileDetails: detailsOf(row) };
  };
}
