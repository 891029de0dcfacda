import { isKnownAccountType, isOrganizationAccount } from '@placely/contract';
import type { Actor, UserRow } from '../auth/authenticate';

export const isSelf = (actor: Actor, user: UserRow) => actor.user.id === user.id;
export const hasAccountType = (user: UserRow) => isKnownAccountType(user.accountType);
export const isOrganization = (user: UserRow) => isOrganizationAccount(user.accountType);

/** Each rule answers true, or the reason it refuses. */
export const userPolicy = {
  'user.read': (actor: Actor, user: UserRow) => isSelf(actor, user) || 'You can only see your own account.',
  'user.chooseAccountType': (actor: Actor, user: UserRow) =>
    isSelf(actor, user) || 'You can only change your own account.',
  'user.updatePhoneNumbers': (actor: Actor, user: UserRow) =>
    isSelf(actor, user) || 'You can only change your own phone numbers.',
  'user.updateAutoFillData': (actor: Actor, user: UserRow) =>
    isSelf(actor, user) || 'You can only change your own auto-fill data.',
  'user.linkInstitution': (actor: Actor, user: UserRow) =>
    isSelf(actor, user) || 'You can only change your own account.',
  'user.updateIndividualProfile': (actor: Actor, user: UserRow) => {
    if (!isSelf(actor, user)) return 'You can only change your own profile.';
    if (!hasAccountType(user)) return 'Choose an account type first.';
    return !isOrganization(user) || 'Organization accounts keep an organization profile, not an individual one.';
  },
} as const;
