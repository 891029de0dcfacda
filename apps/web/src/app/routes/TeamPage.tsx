import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { OpeningPicker } from '../../features/openings/components/OpeningPicker';
import { PeopleSection } from '../../features/organization/components/PeopleSection';
import { TeamInvitations } from '../../features/organization/components/TeamInvitations';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Team';

/**
 * /team (issue 40): the invitations waiting for the signed-in person, accepted or declined here (the invitation's
 * notification links here), and the people of the organization acted for.
 */
export default function TeamPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const active = useActiveOrganization();
  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your team and your invitations" next={PATHS.team} />
      </Page>
    );
  }
  return (
    <Page
      title={TITLE}
      intro={
        active.organization
          ? `The people of ${active.organization.name}, and invitations waiting for you.`
          : 'Invitations to join an organization’s team wait for you here.'
      }
    >
      <TeamInvitations />
      {active.organization && <PeopleSection OpeningsPicker={OpeningPicker} />}
    </Page>
  );
}
