import type { AccountType, IndividualProfileInput, OrganizationProfileInput } from '@placely/contract';
import { individualProfileInputSchema, organizationProfileInputSchema } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { UserRow } from '../auth/authenticate';
import type { Executor } from '../db/client';
import { individualProfiles, institutions, organizationProfiles, phoneNumbers, users } from '../db/schema';

/** Seeded people use this reserved domain, so the seed can tell its own rows from real users. */
export const SEED_EMAIL_DOMAIN = 'demo.placely.test';

export function seedEmail(local: string): string {
  return `${local}@${SEED_EMAIL_DOMAIN}`.toLowerCase();
}

async function upsertUser(
  db: Executor,
  values: { email: string; name: string; accountType: AccountType | null; institutionId?: number | null },
) {
  const [user] = await db
    .insert(users)
    .values({ ...values, institutionId: values.institutionId ?? null })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        name: values.name,
        accountType: values.accountType,
        institutionId: values.institutionId ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!user) throw new Error(`could not seed ${values.email}`);
  return user;
}

export async function seedInstitution(
  db: Executor,
  values: { name: string; city?: string; website?: string; domain?: string },
): Promise<typeof institutions.$inferSelect> {
  const row = {
    name: values.name,
    city: values.city ?? null,
    website: values.website ?? null,
    domain: values.domain?.toLowerCase() ?? null,
  };
  const [institution] = row.domain
    ? await db
        .insert(institutions)
        .values(row)
        .onConflictDoUpdate({
          target: institutions.domain,
          set: { name: row.name, city: row.city, website: row.website },
        })
        .returning()
    : await db.insert(institutions).values(row).returning();
  if (!institution) throw new Error(`could not seed ${values.name}`);
  return institution;
}

export async function seedStudent(
  db: Executor,
  options: {
    email?: string;
    name?: string;
    institutionId?: number | null;
    profile?: Partial<IndividualProfileInput>;
    phone?: string;
  } = {},
): Promise<UserRow> {
  const name = options.name ?? 'Asha Verma';
  const email = options.email ?? seedEmail(`student-${Math.random().toString(36).slice(2, 10)}`);
  const user = await upsertUser(db, {
    email,
    name,
    accountType: 'Individual',
    institutionId: options.institutionId ?? null,
  });
  const profile = individualProfileInputSchema.parse({ name, ...options.profile });
  await db
    .insert(individualProfiles)
    .values({ userId: user.id, ...profile })
    .onConflictDoUpdate({ target: individualProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
  if (options.phone) {
    await db
      .insert(phoneNumbers)
      .values({ userId: user.id, number: options.phone, isVerified: true, isPrimary: true })
      .onConflictDoNothing();
  }
  return user;
}

export async function seedOrganization(
  db: Executor,
  options: { email?: string; name?: string; profile?: Partial<OrganizationProfileInput> } = {},
): Promise<UserRow> {
  const name = options.name ?? 'Acme Technologies';
  const email = options.email ?? seedEmail(`org-${Math.random().toString(36).slice(2, 10)}`);
  const user = await upsertUser(db, { email, name, accountType: 'Organization' });
  const profile = organizationProfileInputSchema.parse({ name, ...options.profile });
  await db
    .insert(organizationProfiles)
    .values({ userId: user.id, ...profile })
    .onConflictDoUpdate({ target: organizationProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
  return user;
}

/** A signed-up person who has not chosen an account type yet. */
export async function seedNewUser(db: Executor, options: { email?: string; name?: string } = {}): Promise<UserRow> {
  return upsertUser(db, {
    email: options.email ?? seedEmail(`new-${Math.random().toString(36).slice(2, 10)}`),
    name: options.name ?? 'New Person',
    accountType: null,
  });
}
