import type {
  Group,
  GroupAbilities,
  GroupPerson,
  GroupRequest,
  MembershipState,
  OwnerSummary,
  PersonSummary,
} from '@placely/contract';
import type { GroupRow } from '../policies/group';
import type { CircleCounts } from '../services/memberships';

export function presentGroup(
  row: GroupRow,
  details: {
    organization: OwnerSummary;
    counts: CircleCounts;
    viewer: { membership: MembershipState | null; following: boolean };
    abilities: GroupAbilities;
  },
): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    joinPolicy: row.joinPolicy,
    organization: details.organization,
    memberCount: details.counts.members,
    pendingRequestCount: details.abilities.manage ? details.counts.requested : null,
    followerCount: details.abilities.manage ? details.counts.followers : null,
    createdAt: row.createdAt.toISOString(),
    viewer: details.viewer,
    abilities: details.abilities,
  };
}

export const presentGroupRequest = (
  row: { id: string; groupId: string; groupName: string; state: MembershipState; at: Date },
  person: PersonSummary,
): GroupRequest => ({
  id: row.id,
  groupId: row.groupId,
  groupName: row.groupName,
  state: row.state,
  requestedAt: row.at.toISOString(),
  person,
});

export const presentGroupPerson = (
  row: { id: string; groupId: string; groupName: string; since: Date },
  person: PersonSummary,
): GroupPerson => ({
  id: row.id,
  groupId: row.groupId,
  groupName: row.groupName,
  since: row.since.toISOString(),
  person,
});
