import type { Institution } from '@placely/contract';
import type { institutions } from '../db/schema';

export function presentInstitution(row: typeof institutions.$inferSelect): Institution {
  return { institutionId: row.id, name: row.name, city: row.city, website: row.website, domain: row.domain };
}
