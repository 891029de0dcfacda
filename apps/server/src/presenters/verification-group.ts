import type {
  MembershipState,
  OwnerSummary,
  RecordDecision,
  RoleGrant,
  VerificationAbilities,
  VerificationGroup,
  VerificationRole,
} from '@placely/contract';
import type { recordVerifications, verificationGroupRoles } from '../db/schema';
import type { VerificationGroupRow } from '../policies/verification-group';
import type { CircleCounts } from '../services/memberships';

export function presentVerificationGroup(
  row: VerificationGroupRow,
  details: {
    owner: OwnerSummary;
    institution: { institutionId: number; name: string } | null;
    counts: CircleCounts;
    viewer: { membership: MembershipState | null; following: boolean; role: VerificationRole | null };
    abilities: VerificationAbilities;
  },
): VerificationGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    joinPolicy: row.joinPolicy,
    approvalState: row.approvalState,
    institution: details.institution,
    owner: details.owner,
    memberCount: details.counts.members,
    pendingRequestCount: details.abilities.manage ? details.counts.requested : null,
    followerCount: details.abilities.manage ? details.counts.followers : null,
    createdAt: row.createdAt.toISOString(),
    viewer: details.viewer,
    abilities: details.abilities,
  };
}

export const presentRoleGrant = (
  row: typeof verificationGroupRoles.$inferSelect,
  name: string | null,
  group: VerificationGroupRow,
): RoleGrant => ({
  email: row.email,
  role: row.role,
  userId: row.userId,
  name,
  grantedAt: row.createdAt.toISOString(),
  removable: !(row.role === 'owner' && row.userId === group.ownerId),
});

export const presentRecordDecision = (
  row: Pick<typeof recordVerifications.$inferSelect, 'recordKind' | 'recordId' | 'decision' | 'note' | 'decidedAt'>,
  verifierName: string,
): RecordDecision => ({
  recordKind: row.recordKind,
  recordId: row.recordId,
  decision: row.decision,
  note: row.note,
  decidedAt: row.decidedAt.toISOString(),
  verifierName,
});
