import type { ProfileDetails } from '@placely/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { individualProfiles, organizationProfiles, phoneNumbers } from '../db/schema';
import { presentProfileDetails } from '../presenters/profile';

/** The profile as the spec's profileDetails: live phone numbers and the account's details. */
export async function loadProfileDetails(db: Executor, userId: number): Promise<ProfileDetails> {
  const [phones, [individual], [organization]] = await Promise.all([
    db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.isDeleted, false)))
      .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id)),
    db.select().from(individualProfiles).where(eq(individualProfiles.userId, userId)).limit(1),
    db.select().from(organizationProfiles).where(eq(organizationProfiles.userId, userId)).limit(1),
  ]);
  return presentProfileDetails({ phoneNumbers: phones, individual, organization });
}
