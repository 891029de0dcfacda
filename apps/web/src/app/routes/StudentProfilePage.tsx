import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { isOrganizationAccount } from '@placely/contract';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { InstitutionPicker } from '../../features/institution/components/InstitutionPicker';
import { InstitutionSuggestion } from '../../features/institution/components/InstitutionSuggestion';
import { RootInstitutions } from '../../features/institution/components/RootInstitutions';
import { PortfolioManager } from '../../features/portfolio/components/PortfolioManager';
import { ViewersList } from '../../features/portfolio/components/ViewersList';
import { useProfile } from '../../features/profile/api/getProfile';
import { IndividualProfileForm } from '../../features/profile/components/IndividualProfileForm';
import { PhoneNumbersEditor } from '../../features/profile/components/PhoneNumbersEditor';
import { ResumesSection } from '../../features/resumes/components/ResumesSection';
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

export default function StudentProfilePage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const profile = useProfile();

  if (!accessToken) {
    return (
      <Page title="Profile">
        <SignInPrompt title="Sign in to see your profile" next={PATHS.student.profile} />
      </Page>
    );
  }
  if (user && isOrganizationAccount(user.accountType)) {
    return (
      <Page title="Profile">
        <Alert severity="info">
          This page is for student and individual accounts.{' '}
          <Link component={RouterLink} to={PATHS.organization.profile}>
            Open the organization profile
          </Link>
        </Alert>
      </Page>
    );
  }
  if (!user || profile.isPending) {
    return (
      <Page title="Profile">
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading profile" />
        </Stack>
      </Page>
    );
  }
  if (profile.isError) {
    return (
      <Page title="Profile">
        <Alert severity="error">Your profile could not be loaded. Reload the page to try again.</Alert>
      </Page>
    );
  }

  const details = profile.data.profileDetails;
  return (
    <Page title="Profile" intro="These details fill in Quick Apply Forms for you and are shown to recruiters.">
      <Section title="Account details">
        <IndividualProfileForm
          key={user.userId}
          profile={details.individual}
          fallbackName={user.name}
          accountType={user.accountType}
        />
      </Section>
      <Section title="Phone numbers" description="A verified number becomes your primary contact number.">
        <PhoneNumbersEditor phoneNumbers={details.phoneNumbers} />
      </Section>
      <Section title="Resumes" description="Your default resume goes with your Quick Apply applications.">
        <ResumesSection />
      </Section>
      <Section title="Portfolios" description="Share your profile by link, showing only the sections you choose.">
        <PortfolioManager />
      </Section>
      <Section title="Who viewed your profile" description="Organizations that opened your portfolio or resume.">
        <ViewersList />
      </Section>
      <Section title="Institution" description="Link your account to your college or university.">
        <InstitutionSuggestion institutionId={user.institutionId} />
        <InstitutionPicker institutionId={user.institutionId} />
      </Section>
      <RootInstitutions />
      <Section title="Notifications" description="Choose what reaches you in Placely and by email.">
        <Suspense fallback={null}>
          <NotificationPreferencesForm />
        </Suspense>
      </Section>
    </Page>
  );
}
