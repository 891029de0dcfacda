import type {
  GroupPerson,
  GroupRequest,
  JoinPolicy,
  MembershipAbilities,
  MembershipState,
  MembershipViewer,
  PersonSummary,
} from '@placely/contract';
import type { CircleCounts } from '../services/memberships';

/**
 * The fields every kind of circle presents alike (contract `circleShape`). Counts of requests and followers are for
 * those who manage the circle; everyone else gets null.
 */
export function presentCircle<V extends MembershipViewer, A extends MembershipAbilities>(
  row: { id: string; name: string; description: string | null; joinPolicy: JoinPolicy; createdAt: Date },
  { counts, viewer, abilities }: { counts: CircleCounts; viewer: V; abilities: A },
) {
  const canManage = abilities.manage;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    joinPolicy: row.joinPolicy,
    memberCount: counts.members,
    pendingRequestCount: canManage ? counts.requested : null,
    followerCount: canManage ? counts.followers : null,
    createdAt: row.createdAt.toISOString(),
    viewer,
    abilities,
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
