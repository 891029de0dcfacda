import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { isOrganizationAccount } from '@placely/contract';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { RootInstitutions } from '../../features/institution/components/RootInstitutions';
import { useOpeningChoices } from '../../features/openings/api/listOpenings';
import { PeopleSection } from '../../features/organization/components/PeopleSection';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { useProfile } from '../../features/profile/api/getProfile';
import { OrganizationProfileForm } from '../../features/profile/components/OrganizationProfileForm';
import { PhoneNumbersEditor } from '../../features/profile/components/PhoneNumbersEditor';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

// Its own chunk: the settings table stays out of the profile's (and shared chunks') first load.
const NotificationPreferencesForm = lazy(() =>
  import('../../features/notifications/components/NotificationPreferencesForm').then((module) => ({
    default: module.NotificationPreferencesForm,
  })),
);

const TITLE = 'Organization profile';

export default function OrganizationProfilePage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const profile = useProfile();
  const active = useActiveOrganization();
  const openingChoices = useOpeningChoices();

  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your organization profile" next={PATHS.organization.profile} />
      </Page>
    );
  }
  if (active.actingForTeam) {
    return (
      <Page title={active.organization?.name ?? TITLE} intro="You are acting for this organization.">
        <PeopleSection openings={openingChoices} />
      </Page>
    );
  }
  if (user && !isOrganizationAccount(user.accountType)) {
    return (
      <Page title={TITLE}>
        <Alert severity="info">
          This page is for organization accounts.{' '}
          <Link component={RouterLink} to={PATHS.student.profile}>
            Open your profile
          </Link>
        </Alert>
      </Page>
    );
  }
  if (!user || profile.isPending) {
    return (
      <Page title={TITLE}>
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading profile" />
        </Stack>
      </Page>
    );
  }
  if (profile.isError) {
    return (
      <Page title={TITLE}>
        <Alert severity="error">Your profile could not be loaded. Reload the page to try again.</Alert>
      </Page>
    );
  }

  const details = profile.data.profileDetails;
  return (
    <Page title={TITLE} intro="Candidates see these details on your openings.">
      <Section title="Organization details">
        <OrganizationProfileForm
          key={user.userId}
          profile={details.organization}
          fallbackName={user.name}
          accountType={user.accountType}
        />
      </Section>
      <Section title="Phone numbers" description="A verified number becomes your primary contact number.">
        <PhoneNumbersEditor phoneNumbers={details.phoneNumbers} />
      </Section>
      <PeopleSection openings={openingChoices} />
      <Section title="Notifications" description="Choose what reaches you in Placely and by email.">
        <Suspense fallback={null}>
          <NotificationPreferencesForm />
        </Suspense>
      </Section>
      <RootInstitutions />
    </Page>
  );
}
