import type {
  MembershipViewer,
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
import { presentCircle } from './membership';

export function presentVerificationGroup(
  row: VerificationGroupRow,
  details: {
    owner: OwnerSummary;
    institution: { institutionId: number; name: string } | null;
    counts: CircleCounts;
    viewer: MembershipViewer & { role: VerificationRole | null };
    abilities: VerificationAbilities;
  },
): VerificationGroup {
  const { institution, owner } = details;
  return { ...presentCircle(row, details), approvalState: row.approvalState, institution, owner };
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
