import type { InstitutionRole, MembershipState, VerificationRole } from '@placely/contract';
import type { Actor } from '../auth/authenticate';
import type { verificationGroups } from '../db/schema';
import { isIndividual } from './individual';
import {
  hasOrganizationRole,
  isOrganizationMember,
  type OrganizationAccess,
  outsiderReason,
  runsForOrganization,
} from './organization';

export type VerificationGroupRow = typeof verificationGroups.$inferSelect;

/** Everything the rules look at for one caller and one verification group, loaded in one place (routes/verification). */
export interface VerificationAccess {
  group: VerificationGroupRow;
  /** The caller's role granted inside the group (by email). */
  role: VerificationRole | null;
  /** The caller's role at the group's institution: root and admins run its verification groups. */
  institutionRole: InstitutionRole | null;
  membership: MembershipState | null;
  /** The caller is one of the configured platform verification admins (VERIFICATION_ADMIN_EMAILS). */
  isPlatformAdmin: boolean;
  /** The caller's standing in the organization they act for: its owners and coordinators run its groups. */
  organization: OrganizationAccess | null;
}

export const isVerificationAdmin = (actor: Actor | null, adminEmails: readonly string[]) =>
  actor !== null && adminEmails.includes(actor.user.email.toLowerCase());

export const isLiveVerificationGroup = (group: VerificationGroupRow) => group.deletedAt === null;
export const isApproved = (group: VerificationGroupRow) => group.approvalState === 'approved';
/** Acting for the organization that runs the group, as one of its owners or coordinators. */
export const runsForItsOrganization = (access: VerificationAccess) =>
  access.group.institutionId === null && runsForOrganization(access.organization, access.group.ownerId);
export const isGroupOwner = (access: VerificationAccess) =>
  access.role === 'owner' || access.institutionRole === 'root' || runsForItsOrganization(access);
export const isGroupAdmin = (access: VerificationAccess) =>
  isGroupOwner(access) || access.role === 'admin' || access.institutionRole === 'admin';
export const isVerifier = (access: VerificationAccess) => isGroupAdmin(access) || access.role === 'verifier';
export const isViewer = (access: VerificationAccess) => isVerifier(access) || access.role === 'viewer';
export const isMember = (access: VerificationAccess) => access.membership === 'member';

const live = (access: VerificationAccess) => isLiveVerificationGroup(access.group);
/** Pending and rejected groups are seen only by their roles and the platform verification admins. */
export const isVisible = (access: VerificationAccess) =>
  live(access) && (access.group.approvalState !== 'rejected' || isViewer(access) || access.isPlatformAdmin);

export const verificationGroupPolicy = {
  'verificationGroup.create': (
    _actor: Actor,
    {
      institutionId,
      institutionRole,
      organization,
    }: { institutionId: number | null; institutionRole: InstitutionRole | null; organization: OrganizationAccess },
  ) => {
    if (institutionId !== null) {
      return institutionRole !== null || 'Only people with a role at that institution can create its groups.';
    }
    if (hasOrganizationRole(organization, 'owner', 'coordinator')) return true;
    return isOrganizationMember(organization)
      ? 'Only owners and coordinators can create verification groups.'
      : outsiderReason(
          organization,
          'Only organization accounts can create verification groups (or institution roots, for their institution).',
        );
  },
  'verificationGroup.manage': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && isGroupAdmin(access)) || 'Only the owners and admins of this verification group can do this.',
  'verificationGroup.delete': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && isGroupOwner(access)) || 'Only the owners of this verification group can delete it.',
  'verificationGroup.grantOwner': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && isGroupOwner(access)) || 'Only owners can grant or take away the owner role.',
  'verificationGroup.viewMembers': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && isViewer(access)) || 'Only people with a role in this verification group can see its members.',
  'verificationGroup.verify': (_actor: Actor, access: VerificationAccess) => {
    if (!live(access) || !isVerifier(access)) return 'Only verifiers of this group can verify records.';
    return isApproved(access.group) || 'This verification group is awaiting approval.';
  },
  'verificationGroup.join': (actor: Actor, access: VerificationAccess) => {
    if (!live(access)) return 'This verification group no longer exists.';
    if (!isApproved(access.group)) return 'This verification group is awaiting approval.';
    if (!isIndividual(actor.user)) return 'Only individual accounts can join verification groups.';
    if (access.membership === 'member' || access.membership === 'requested') return true;
    return access.group.joinPolicy !== 'closed' || 'This verification group is not taking new members.';
  },
  'verificationGroup.leave': (_actor: Actor, access: VerificationAccess) =>
    access.membership !== null || 'You are not in this verification group.',
  'verificationGroup.follow': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && isApproved(access.group)) || 'This verification group is not open to followers yet.',
  'verificationGroup.approve': (_actor: Actor, access: VerificationAccess) =>
    (live(access) && access.isPlatformAdmin) || 'Only platform verification admins can approve verification groups.',
} as const;
