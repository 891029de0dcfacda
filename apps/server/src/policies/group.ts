import type { Actor } from '../auth/authenticate';
import type { groupMembers, groups } from '../db/schema';
import { isIndividual } from './individual';
import {
  hasOrganizationRole,
  isOrganizationMember,
  type OrganizationAccess,
  outsiderReason,
  runsForOrganization,
} from './organization';
import { isOrganization } from './user';

export type GroupRow = typeof groups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;

/** A group and the caller's own row in it, as the join rules need them. */
export interface GroupWithMembership {
  group: GroupRow;
  membership: GroupMemberRow | null;
}

/** A group and the caller's standing in the organization they act for (null when signed out). */
export interface GroupAccess {
  group: GroupRow;
  organization: OrganizationAccess | null;
}

export const isLiveGroup = (group: GroupRow) => group.deletedAt === null;
/** The organization's owners and coordinators run its groups, acting for it (X-Organization-Id). */
export const isGroupAdmin = ({ group, organization }: GroupAccess) => runsForOrganization(organization, group.ownerId);
export const isMember = (membership: GroupMemberRow | null) => membership?.state === 'member';
export const hasRequested = (membership: GroupMemberRow | null) => membership?.state === 'requested';

export const groupPolicy = {
  'group.create': (_actor: Actor, organization: OrganizationAccess) =>
    hasOrganizationRole(organization, 'owner', 'coordinator') ||
    (isOrganizationMember(organization)
      ? 'Only owners and coordinators can create groups.'
      : outsiderReason(organization, 'Only organization accounts can create groups.')),
  'group.manage': (_actor: Actor, record: GroupAccess) =>
    (isLiveGroup(record.group) && isGroupAdmin(record)) || 'Only the organization that runs this group can do this.',
  'group.delete': (_actor: Actor, record: GroupAccess) =>
    (isLiveGroup(record.group) && isGroupAdmin(record)) || 'Only the organization that runs this group can delete it.',
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
