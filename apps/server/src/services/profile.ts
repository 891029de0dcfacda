import type { ProfileDetails } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { rowOf } from '../db/prepared';
import { individualProfiles, organizationProfiles, phoneNumbers, users } from '../db/schema';
import { presentProfileDetails } from '../presenters/profile';

/**
 * The profile in one statement: both profile rows joined to the user, the live phone numbers (oldest first) as one
 * JSON list of their rows.
 */
function profileDetailsQuery(db: Executor) {
  return db
    .select({
      individual: individualProfiles,
      organization: organizationProfiles,
      phones: sql<Record<string, unknown>[]>`coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at, p.id)
        from phone_numbers p where p.user_id = ${users.id} and p.is_deleted = false), '[]'::jsonb)`,
    })
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

/** The same read as a statement prepared once per connection, for the signed-in profile read. */
export function preparedProfileDetails(db: Database) {
  const prepared = profileDetailsQuery(db).prepare('user_profile_details');
  return async (userId: number): Promise<ProfileDetails> => detailsOf((await prepared.execute({ userId }))[0]);
}
