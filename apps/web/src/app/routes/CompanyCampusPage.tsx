import Alert from '@mui/material/Alert';
import { isOrganizationAccount } from '@placely/contract';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { CompanyCampus } from '../../features/placement/components/CompanyCampus';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Campus';

/** /organization/campus (issue 41): the placement cycles the organization recruits in, and its openings there. */
export default function CompanyCampusPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const active = useActiveOrganization();
  const forOrganization = !user || isOrganizationAccount(user.accountType) || active.actingForTeam;
  return (
    <Page
      title={TITLE}
      intro="Recruit in colleges’ placement seasons: ask to recruit, then send openings for approval."
    >
      {accessToken && !forOrganization ? (
        <Alert severity="info">Companies recruit on campus from an organization account or its team.</Alert>
      ) : accessToken ? (
        <CompanyCampus />
      ) : (
        <SignInPrompt title="Sign in to recruit on campus" next={PATHS.organization.campus} />
      )}
    </Page>
  );
}
