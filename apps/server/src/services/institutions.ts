import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/authenticate';
import type { Executor } from '../db/client';
import { institutionRoles, users } from '../db/schema';

/** Keeps users.has_institution_access equal to "holds some institution role". */
export async function refreshInstitutionAccess(tx: Executor, userId: number): Promise<UserRow | undefined> {
  const [user] = await tx
    .update(users)
    .set({
      hasInstitutionAccess: sql`exists (select 1 from ${institutionRoles} where ${institutionRoles.userId} = ${userId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/**
 * Institution roles given by email before the person signed up become theirs at sign-in (services/users.ts);
 * answers the user row as it now stands, hasInstitutionAccess included.
 */
export async function claimInstitutionRoleInvitations(tx: Executor, user: UserRow): Promise<UserRow> {
  const claimed = await tx
    .update(institutionRoles)
    .set({ userId: user.id, updatedAt: sql`now()` })
    .where(and(eq(institutionRoles.email, user.email.toLowerCase()), isNull(institutionRoles.userId)))
    .returning({ id: institutionRoles.id });
  if (claimed.length === 0) return user;
  return (await refreshInstitutionAccess(tx, user.id)) ?? user;
}
