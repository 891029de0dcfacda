import { and, eq, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/authenticate';
import type { VerifiedIdentity } from '../auth/identity';
import type { Database, Executor } from '../db/client';
import { authIdentities, users } from '../db/schema';
import { errors } from '../errors';
import { claimInstitutionRoleInvitations } from './institutions';
import { claimNotificationsByEmail } from './notifications';
import { claimOrganizationInvitations } from './organizations';
import { claimCycleEnrolments } from './placement/claims';
import { claimRoleInvitations } from './verification';

/**
 * Finds the user behind an identity, creating it on first sign-in. Safe under concurrent first
 * sign-ins of the same person: the unique email makes the second insert return the first row.
 */
export async function findOrCreateUserForIdentity(db: Database, identity: VerifiedIdentity): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(authIdentities)
      .innerJoin(users, eq(users.id, authIdentities.userId))
      .where(and(eq(authIdentities.provider, identity.provider), eq(authIdentities.subject, identity.subject)))
      .limit(1);
    if (linked) {
      await tx
        .update(authIdentities)
        .set({ lastSignInAt: sql`now()`, email: identity.email })
        .where(and(eq(authIdentities.provider, identity.provider), eq(authIdentities.subject, identity.subject)));
      const user = await claimInvitations(tx, linked.user);
      if (!user.photo && identity.picture) {
        const [updated] = await tx
          .update(users)
          .set({ photo: identity.picture, updatedAt: sql`now()` })
          .where(eq(users.id, user.id))
          .returning();
        return updated ?? user;
      }
      return user;
    }
    const [user] = await tx
      .insert(users)
      .values({ email: identity.email, name: identity.name, photo: identity.picture })
      .onConflictDoUpdate({ target: users.email, set: { photo: sql`coalesce(${users.photo}, excluded.photo)` } })
      .returning();
    if (!user) throw new Error('could not create the user');
    await tx
      .insert(authIdentities)
      .values({ provider: identity.provider, subject: identity.subject, userId: user.id, email: identity.email })
      .onConflictDoNothing();
    return claimInvitations(tx, user);
  });
}

/** Roles given to the person's email before they signed in (verification groups, institutions, organizations). */
async function claimInvitations(tx: Executor, user: UserRow): Promise<UserRow> {
  await claimRoleInvitations(tx, user);
  await claimNotificationsByEmail(tx, user);
  await claimCycleEnrolments(tx, user);
  return claimInstitutionRoleInvitations(tx, await claimOrganizationInvitations(tx, user));
}

/**
 * Loads the user row FOR UPDATE inside a transaction: one person's writes (their phone numbers, entries, resumes,
 * portfolios) then run one at a time, so counts, limits and "single default" rules cannot be raced.
 */
export async function lockUser(tx: Executor, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw errors.unauthenticated();
  return user;
}
