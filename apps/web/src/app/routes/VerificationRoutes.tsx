import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import {
  isOrganizationAccount,
  type VerificationGroup,
  type VerificationMember,
  verificationGroupInputSchema,
} from '@placely/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { useRootInstitutions } from '../../features/institution/api/getRootInstitutions';
import { PlatformInstitutions } from '../../features/institution/components/PlatformInstitutions';
import { useManagedCircles } from '../../features/membership/api/listManagedCircles';
import { itemsOf } from '../../features/membership/api/pagedList';
import type { CircleFormExtras } from '../../features/membership/components/MembershipDialog';
import { MembershipManager } from '../../features/membership/components/MembershipManager';
import { MembershipPeople } from '../../features/membership/components/MembershipPeople';
import { MembershipRequests } from '../../features/membership/components/MembershipRequests';
import { VERIFICATION_MEMBERSHIP } from '../../features/membership/kinds';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { usePlatformRole } from '../../features/verification/api/getPlatformRole';
import { PendingApprovals } from '../../features/verification/components/PendingApprovals';
import {
  ApprovalFirstNotice,
  type InstitutionChoice,
  InstitutionField,
  InstitutionLine,
  PendingApprovalNotice,
  ReviewRecordsButton,
  RolesButton,
  VerificationChips,
  VerifiedCount,
} from '../../features/verification/components/VerificationFields';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';
import { MembershipJoinLinkPage, MembershipManagerPage } from './MembershipPages';

/*
 * Verification pages are for everyone who runs or staffs a verification group: organizations, institution roots and
 * the verifiers they invite by email (often individual accounts). The server decides what each may do.
 */
const kind = VERIFICATION_MEMBERSHIP;

/** Rendered inside the signed-in page only, so the platform-role question is never asked signed out. */
function InstitutionsForPlatformAdmins() {
  const platformRole = usePlatformRole();
  return platformRole.data?.verificationAdmin ? <PlatformInstitutions /> : null;
}

function verificationForm(
  institutions: readonly InstitutionChoice[],
  allowWithoutInstitution: boolean,
): CircleFormExtras<VerificationGroup> {
  return {
    schema: verificationGroupInputSchema,
    fields: ['institutionId'],
    fixed: ['institutionId'],
    defaults: (existing) => ({
      institutionId:
        existing?.institution?.institutionId ??
        (allowWithoutInstitution ? null : (institutions[0]?.institutionId ?? null)),
    }),
    render: (control, existing) =>
      !existing && (
        <InstitutionField
          control={control}
          institutions={institutions}
          allowWithoutInstitution={allowWithoutInstitution}
        />
      ),
    newNotice: <ApprovalFirstNotice />,
  };
}

export function OrganizationVerificationsPage() {
  const user = useAppStore((state) => state.user);
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const roots = useRootInstitutions(signedIn);
  const institutions = roots.data?.institutions ?? [];
  const active = useActiveOrganization();
  // Organizations create groups of their own (acting for one, its owners and coordinators do); institution roles
  // create them for their institution.
  const allowWithoutInstitution = active.actingForTeam
    ? (active.organization?.abilities.runGroups ?? false)
    : isOrganizationAccount(user?.accountType);
  return (
    <MembershipManagerPage
      kind={kind}
      title="Verification groups"
      path={PATHS.organization.verifications}
      intro="A verification group vouches for its members' grades, degrees, internships and placements, item by item."
    >
      <PendingApprovals />
      <InstitutionsForPlatformAdmins />
      <MembershipManager
        kind={kind}
        canCreate={allowWithoutInstitution || institutions.length > 0}
        form={verificationForm(institutions, allowWithoutInstitution)}
        subtitle={(group) => <InstitutionLine group={group} />}
        chips={(group) => <VerificationChips group={group} />}
        actions={(group) => <RolesButton group={group} />}
      />
    </MembershipManagerPage>
  );
}

export function OrganizationVerificationRequestsPage() {
  return (
    <MembershipManagerPage
      kind={kind}
      title="Verification join requests"
      path={PATHS.organization.verificationRequests}
      intro="People who asked to join the verification groups you manage."
    >
      <MembershipRequests kind={kind} />
    </MembershipManagerPage>
  );
}

/** Every role reviews members' records; only the groups' owners and admins remove members. */
function VerificationMembers() {
  const groups = useManagedCircles(kind);
  const managed = new Set(
    itemsOf(groups.data)
      .filter((group) => group.abilities.manage)
      .map((group) => group.id),
  );
  return (
    <MembershipPeople<VerificationMember>
      kind={kind}
      which="members"
      canRemove={(member) => managed.has(member.groupId)}
      details={(member) => <VerifiedCount member={member} />}
      actions={(member) => <ReviewRecordsButton member={member} />}
    />
  );
}

export function OrganizationVerificationFollowersPage() {
  return (
    <MembershipManagerPage
      kind={kind}
      title="Verification members and followers"
      path={PATHS.organization.verificationFollowers}
      intro="Review a member's records to verify or reject each one with a note."
    >
      <Section title="Members">
        <VerificationMembers />
      </Section>
      <Section title="Followers">
        <MembershipPeople kind={kind} which="followers" />
      </Section>
    </MembershipManagerPage>
  );
}

/** Those who hold a role in verification groups are pointed to their members' records. */
function RunningNotice() {
  const running = useManagedCircles(kind);
  const count = itemsOf(running.data).length;
  if (count === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      You hold a role in {count === 1 ? 'a verification group' : `${count} verification groups`}.{' '}
      <Link component={RouterLink} to={PATHS.organization.verificationFollowers}>
        Review members’ records
      </Link>
    </Alert>
  );
}

/** /joinVerificationLink/{id}: a verification group anyone can open; /joinVerificationLink: yours. */
export function JoinVerificationLinkPage() {
  return (
    <MembershipJoinLinkPage
      kind={kind}
      groupId={useParams().verificationGroupId}
      notice={(group) => <PendingApprovalNotice group={group} />}
      header={<RunningNotice />}
    />
  );
}
