import { isKnownAccountType, type User } from '@placely/contract';
import type { UserRow } from '../auth/authenticate';

export function presentUser(row: UserRow): User {
  return {
    userId: row.id,
    accountType: isKnownAccountType(row.accountType) ? row.accountType : null,
    email: row.email,
    name: row.name,
    photo: row.photo,
    institutionId: row.institutionId,
    hasInstitutionAccess: row.hasInstitutionAccess,
  };
}
