import { isKnownAccountType, isOrganizationAccount } from '@placely/contract';
import type { Actor, UserRow } from '../auth/authenticate';

export const isIndividual = (user: UserRow) =>
  isKnownAccountType(user.accountType) && !isOrganizationAccount(user.accountType);

/** Profile sections belong to individuals; each entry is reached only through its owner's id in SQL. */
export const individualPolicy = {
  'individual.editSections': (actor: Actor, user: UserRow) => {
    if (actor.user.id !== user.id) return 'You can only change your own profile.';
    return isIndividual(user) || 'Only individual accounts have profile sections.';
  },
} as const;
