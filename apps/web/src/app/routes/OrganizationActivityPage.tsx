import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { OpeningPicker } from '../../features/openings/components/OpeningPicker';
import { ActivityLog } from '../../features/organization/components/ActivityLog';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Activity';

/** /organization/activity: the organization's audit trail, for its owners. */
export default function OrganizationActivityPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const active = useActiveOrganization();
  const canView = active.organization?.abilities.viewActivity === true;

  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your organization's activity" next={PATHS.organization.activity} />
      </Page>
    );
  }
  if (!user || active.pending) {
    return (
      <Page title={TITLE}>
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading activity" />
        </Stack>
      </Page>
    );
  }
  if (!canView) {
    return (
      <Page title={TITLE}>
        <Alert severity="info">Only the owners of an organization see its activity.</Alert>
      </Page>
    );
  }
  return (
    <Page
      title={TITLE}
      intro={`Who did what in ${active.organization?.name ?? 'your organization'}, newest first. The log cannot be edited.`}
    >
      <ActivityLog OpeningPicker={OpeningPicker} />
    </Page>
  );
}
