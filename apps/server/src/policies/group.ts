import type { Actor } from '../auth/authenticate';
import type { groupMembers, groups } from '../db/schema';
import { isIndividual } from './individual';
import { isOrganization } from './user';

export type GroupRow = typeof groups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/** A group and the caller's own row in it, as the join rules need them. */
export interface GroupWithMembership {
  group: GroupRow;
  membership: GroupMemberRow | null;
}

export const isLiveGroup = (group: GroupRow) => group.deletedAt === null;
export const isGroupOwner = (actor: Actor | null, group: GroupRow) => actor?.user.id === group.ownerId;
/** Organizations run their groups alone: the owner is the only admin. */
export const isGroupAdmin = (actor: Actor | null, group: GroupRow) => isGroupOwner(actor, group);
export const isMember = (membership: GroupMemberRow | null) => membership?.state === 'member';
export const hasRequested = (membership: GroupMemberRow | null) => membership?.state === 'requested';

export const groupPolicy = {
  'group.create': (actor: Actor, _record: null) =>
    isOrganization(actor.user) || 'Only organization accounts can create groups.',
  'group.manage': (actor: Actor, group: GroupRow) =>
    (isLiveGroup(group) && isGroupAdmin(actor, group)) || 'Only the organization that runs this group can do this.',
  'group.delete': (actor: Actor, group: GroupRow) =>
    (isLiveGroup(group) && isGroupOwner(actor, group)) || 'Only the organization that runs this group can delete it.',
  'group.join': (actor: Actor, { group, membership }: GroupWithMembership) => {
    if (!isLiveGroup(group)) return 'This group no longer exists.';
    if (isOrganization(actor.user)) return 'Organization accounts cannot join groups; follow it instead.';
    if (!isIndividual(actor.user)) return 'Choose an account type first.';
    if (isMember(membership) || hasRequested(membership)) return true;
    return group.joinPolicy !== 'closed' || 'This group is not taking new members.';
  },
  'group.leave': (_actor: Actor, { membership }: GroupWithMembership) =>
    membership !== null || 'You are not in this group.',
  'group.follow': (_actor: Actor, group: GroupRow) => isLiveGroup(group) || 'This group no longer exists.',
} as const;
