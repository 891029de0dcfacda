import type { Institution, InstitutionPerson, InstitutionRole } from '@placely/contract';
import type { institutions } from '../db/schema';

export function presentInstitution(row: typeof institutions.$inferSelect): Institution {
  return { institutionId: row.id, name: row.name, city: row.city, website: row.website, domain: row.domain };
}

/** A role holder; `userId` and `name` are null while the person has not signed in yet. */
export function presentInstitutionPerson(row: {
  userId: number | null;
  name: string | null;
  email: string;
  role: InstitutionRole;
  grantedAt: Date;
}): InstitutionPerson {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    grantedAt: row.grantedAt.toISOString(),
  };
}
