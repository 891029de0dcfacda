import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { type Group, groupInputSchema, isOrganizationAccount } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { GroupChips, GroupVisibilityField } from '../../features/groups/components/GroupFields';
import type { CircleFormExtras } from '../../features/membership/components/MembershipDialog';
import { MembershipManager } from '../../features/membership/components/MembershipManager';
import { MembershipPeople } from '../../features/membership/components/MembershipPeople';
import { MembershipRequests } from '../../features/membership/components/MembershipRequests';
import { GROUP_MEMBERSHIP } from '../../features/membership/kinds';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';
import { MembershipJoinLinkPage, MembershipManagerPage } from './MembershipPages';

const kind = GROUP_MEMBERSHIP;

/**
 * Groups are run by organization accounts and, acting for an organization, by its owners and coordinators (the server
 * decides: `runGroups`); anyone else is pointed to the groups they are in.
 */
function OrganizationPage(props: { title: string; intro: string; path: string; children: ReactNode }) {
  const user = useAppStore((state) => state.user);
  const active = useActiveOrganization();
  const runsGroups = active.actingForTeam
    ? (active.organization?.abilities.runGroups ?? active.pending)
    : isOrganizationAccount(user?.accountType);
  const refuse =
    user && !runsGroups ? (
      <Alert severity="info">
        Groups are run by organization accounts.{' '}
        <Link component={RouterLink} to={PATHS.joinGroupLink}>
          See the groups you are in
        </Link>
      </Alert>
    ) : null;
  return <MembershipManagerPage kind={kind} refuse={refuse} {...props} />;
}

const groupForm: CircleFormExtras<Group> = {
  schema: groupInputSchema,
  fields: ['visibility'],
  defaults: (existing) => ({ visibility: existing?.visibility ?? 'public' }),
  render: (control) => <GroupVisibilityField control={control} />,
};

export function OrganizationGroupsPage() {
  return (
    <OrganizationPage
      title="Groups"
      path={PATHS.organization.groups}
      intro="Groups gather candidates around your organization. Share a group's link or QR code; limit openings to its members."
    >
      <MembershipManager kind={kind} form={groupForm} chips={(group) => <GroupChips group={group} />} />
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
      <MembershipRequests kind={kind} />
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
      <Section title="Members">
        <MembershipPeople kind={kind} which="members" />
      </Section>
      <Section title="Followers">
        <MembershipPeople kind={kind} which="followers" />
      </Section>
    </OrganizationPage>
  );
}

/** /joinGroupLink/{groupId}: a group anyone can open; /joinGroupLink: the groups you are in. */
export function JoinGroupLinkPage() {
  return <MembershipJoinLinkPage kind={kind} groupId={useParams().groupId} />;
}
