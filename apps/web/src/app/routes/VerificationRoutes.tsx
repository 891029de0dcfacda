import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { isOrganizationAccount } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useRootInstitutions } from '../../features/institution/api/getRootInstitutions';
import { PlatformInstitutions } from '../../features/institution/components/PlatformInstitutions';
import { usePlatformRole } from '../../features/verification/api/getPlatformRole';
import { MyVerificationGroups } from '../../features/verification/components/MyVerificationGroups';
import { PendingApprovals } from '../../features/verification/components/PendingApprovals';
import { VerificationGroupsManager } from '../../features/verification/components/VerificationGroupsManager';
import { VerificationJoinPanel } from '../../features/verification/components/VerificationJoinPanel';
import { VerificationFollowers, VerificationMembers } from '../../features/verification/components/VerificationPeople';
import { VerificationRequests } from '../../features/verification/components/VerificationRequests';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

/**
 * Verification pages are for everyone who runs or staffs a verification group: organizations, institution roots and
 * the verifiers they invite by email (often individual accounts). The server decides what each may do.
 */
function VerificationPage({
  title,
  intro,
  path,
  children,
}: {
  title: string;
  intro: string;
  path: string;
  children: ReactNode;
}) {
  const accessToken = useAppStore((state) => state.accessToken);
  if (!accessToken) {
    return (
      <Page title={title}>
        <SignInPrompt title={`Sign in to see ${title.toLowerCase()}`} next={path} />
      </Page>
    );
  }
  return (
    <Page title={title} intro={intro}>
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        <Link component={RouterLink} to={PATHS.organization.verifications}>
          Verification groups
        </Link>
        {' · '}
        <Link component={RouterLink} to={PATHS.organization.verificationRequests}>
          Join requests
        </Link>
        {' · '}
        <Link component={RouterLink} to={PATHS.organization.verificationFollowers}>
          Members and followers
        </Link>
      </Alert>
      {children}
    </Page>
  );
}

/** Rendered inside the signed-in page only, so the platform-role question is never asked signed out. */
function InstitutionsForPlatformAdmins() {
  const platformRole = usePlatformRole();
  return platformRole.data?.verificationAdmin ? <PlatformInstitutions /> : null;
}

export function OrganizationVerificationsPage() {
  const user = useAppStore((state) => state.user);
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const roots = useRootInstitutions(signedIn);
  return (
    <VerificationPage
      title="Verification groups"
      path={PATHS.organization.verifications}
      intro="A verification group vouches for its members' grades, degrees, internships and placements, item by item."
    >
      <PendingApprovals />
      <InstitutionsForPlatformAdmins />
      <VerificationGroupsManager
        institutions={roots.data?.institutions ?? []}
        allowWithoutInstitution={isOrganizationAccount(user?.accountType)}
      />
    </VerificationPage>
  );
}

export function OrganizationVerificationRequestsPage() {
  return (
    <VerificationPage
      title="Verification join requests"
      path={PATHS.organization.verificationRequests}
      intro="People who asked to join the verification groups you manage."
    >
      <VerificationRequests />
    </VerificationPage>
  );
}

export function OrganizationVerificationFollowersPage() {
  return (
    <VerificationPage
      title="Verification members and followers"
      path={PATHS.organization.verificationFollowers}
      intro="Review a member's records to verify or reject each one with a note."
    >
      <Section title="Members">
        <VerificationMembers />
      </Section>
      <Section title="Followers">
        <VerificationFollowers />
      </Section>
    </VerificationPage>
  );
}

/** /joinVerificationLink/{id}: a verification group anyone can open; /joinVerificationLink: yours. */
export function JoinVerificationLinkPage() {
  const { verificationGroupId } = useParams();
  const location = useLocation();
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const prompt = (
    <SignInPrompt
      title="Sign in to join"
      description="Sign in with Google to join or follow this verification group. New accounts start as students."
      next={location.pathname}
    />
  );
  if (verificationGroupId) {
    return <VerificationJoinPanel groupId={verificationGroupId} signedIn={signedIn} signInSlot={prompt} />;
  }
  return (
    <Page
      title="Your verification groups"
      intro="Verification groups you belong to or asked to join. Their verifiers can vouch for your records."
    >
      {signedIn ? (
        <MyVerificationGroups />
      ) : (
        <SignInPrompt title="Sign in to see your verification groups" next={PATHS.joinVerificationLink} />
      )}
    </Page>
  );
}
