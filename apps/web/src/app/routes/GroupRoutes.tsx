import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { isOrganizationAccount } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { GroupJoinPanel } from '../../features/groups/components/GroupJoinPanel';
import { GroupFollowers, GroupMembers } from '../../features/groups/components/GroupPeople';
import { GroupRequests } from '../../features/groups/components/GroupRequests';
import { GroupsManager } from '../../features/groups/components/GroupsManager';
import { MyGroups } from '../../features/groups/components/MyGroups';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

/** An organization page: a sign-in prompt when signed out, a pointer elsewhere for other accounts. */
function OrganizationPage({
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
  const user = useAppStore((state) => state.user);
  if (!accessToken) {
    return (
      <Page title={title}>
        <SignInPrompt title={`Sign in to see ${title.toLowerCase()}`} next={path} />
      </Page>
    );
  }
  if (user && !isOrganizationAccount(user.accountType)) {
    return (
      <Page title={title}>
        <Alert severity="info">
          Groups are run by organization accounts.{' '}
          <Link component={RouterLink} to={PATHS.joinGroupLink}>
            See the groups you are in
          </Link>
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={title} intro={intro}>
      {children}
    </Page>
  );
}

const GroupTabs = () => (
  <Alert severity="info" icon={false} sx={{ mb: 2 }}>
    <Link component={RouterLink} to={PATHS.organization.groups}>
      Groups
    </Link>
    {' · '}
    <Link component={RouterLink} to={PATHS.organization.groupRequests}>
      Join requests
    </Link>
    {' · '}
    <Link component={RouterLink} to={PATHS.organization.groupFollowers}>
      Members and followers
    </Link>
  </Alert>
);

export function OrganizationGroupsPage() {
  return (
    <OrganizationPage
      title="Groups"
      path={PATHS.organization.groups}
      intro="Groups gather candidates around your organization. Share a group's link or QR code; limit openings to its members."
    >
      <GroupTabs />
      <GroupsManager />
    </OrganizationPage>
  );
}

export function OrganizationGroupRequestsPage() {
  return (
    <OrganizationPage
      title="Group join requests"
      path={PATHS.organization.groupRequests}
      intro="People who asked to join your groups. Accept or decline one at a time, or select several."
    >
      <GroupTabs />
      <GroupRequests />
    </OrganizationPage>
  );
}

export function OrganizationGroupFollowersPage() {
  return (
    <OrganizationPage
      title="Group members and followers"
      path={PATHS.organization.groupFollowers}
      intro="Members belong to your groups; followers only hear about them."
    >
      <GroupTabs />
      <Section title="Members">
        <GroupMembers />
      </Section>
      <Section title="Followers">
        <GroupFollowers />
      </Section>
    </OrganizationPage>
  );
}

/** /joinGroupLink/{groupId}: a group anyone can open; /joinGroupLink: the groups you are in. */
export function JoinGroupLinkPage() {
  const { groupId } = useParams();
  const location = useLocation();
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const prompt = (
    <SignInPrompt
      title="Sign in to join"
      description="Sign in with Google to join or follow this group. New accounts start as students."
      next={location.pathname}
    />
  );
  if (groupId) return <GroupJoinPanel groupId={groupId} signedIn={signedIn} signInSlot={prompt} />;
  return (
    <Page title="Your groups" intro="Groups you belong to or asked to join, with the organization's answer.">
      {signedIn ? <MyGroups /> : <SignInPrompt title="Sign in to see your groups" next={PATHS.joinGroupLink} />}
    </Page>
  );
}
