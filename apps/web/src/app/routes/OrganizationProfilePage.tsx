import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { isOrganizationAccount, ORGANIZATION_DELETED_MESSAGE } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { RootInstitutions } from '../../features/institution/components/RootInstitutions';
import { OpeningPicker } from '../../features/openings/components/OpeningPicker';
import { useOrganizationProfile } from '../../features/organization/api/getOrganizationProfile';
import { useSaveOrganizationProfile } from '../../features/organization/api/updateOrganizationProfile';
import { DeleteOrganizationSection } from '../../features/organization/components/DeleteOrganizationSection';
import { PeopleSection } from '../../features/organization/components/PeopleSection';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { storeProfile, useProfile } from '../../features/profile/api/getProfile';
import { updateAccountDetails } from '../../features/profile/api/updateAccountDetails';
import {
  OrganizationProfileForm,
  type OrganizationProfileValues,
} from '../../features/profile/components/OrganizationProfileForm';
import { PhoneNumbersEditor } from '../../features/profile/components/PhoneNumbersEditor';
import { useActingFor } from '../../lib/actingFor';
import { Page } from '../../lib/components/Page';
import { Section } from '../../lib/components/Section';
import { showSuccess } from '../../lib/snackbar';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

// Its own chunk: the settings table stays out of the profile's (and shared chunks') first load.
const NotificationPreferencesForm = lazy(() =>
  import('../../features/notifications/components/NotificationPreferencesForm').then((module) => ({
    default: module.NotificationPreferencesForm,
  })),
);

const TITLE = 'Organization profile';

function Loading() {
  return (
    <Page title={TITLE}>
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading profile" />
      </Stack>
    </Page>
  );
}

/** What someone sees of an organization that was deleted (its account keeps signing in). */
function DeletedNotice() {
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {ORGANIZATION_DELETED_MESSAGE} You can still sign in: switch to another organization you belong to from the
      account menu, or sign out.
    </Alert>
  );
}

export default function OrganizationProfilePage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const profile = useProfile();
  const active = useActiveOrganization();
  const ownIsOrganization = isOrganizationAccount(user?.accountType);
  // The organization acted for, as the server shows it to this person: details and what they may do.
  const organization = useOrganizationProfile(Boolean(accessToken) && (active.actingForTeam || ownIsOrganization));
  const saveTeamProfile = useSaveOrganizationProfile();
  const queryClient = useQueryClient();
  const actFor = useActingFor((state) => state.actFor);
  const navigate = useNavigate();

  // The deletion's message, once the organization is gone. The page first renders without its sections, so their
  // queries have no observer when every query is reset: refetched while still shown, they were refused (the
  // organization is gone), and a refusal's snackbar could replace the deletion's message.
  const [deletedMessage, setDeletedMessage] = useState<string | null>(null);
  const userId = user?.userId;
  useEffect(() => {
    if (deletedMessage === null) return;
    if (userId !== undefined) actFor(userId, null);
    void queryClient.resetQueries();
    showSuccess(deletedMessage);
    void navigate(PATHS.home);
  }, [deletedMessage, userId, actFor, queryClient, navigate]);
  const deleted = organization.error?.message === ORGANIZATION_DELETED_MESSAGE;

  if (deletedMessage !== null) return <Loading />;

  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see your organization profile" next={PATHS.organization.profile} />
      </Page>
    );
  }
  if (active.actingForTeam) {
    if (organization.isPending) return <Loading />;
    if (organization.isError) {
      return (
        <Page title={active.organization?.name ?? TITLE}>
          {deleted ? <DeletedNotice /> : <Alert severity="error">{organization.error.message}</Alert>}
        </Page>
      );
    }
    const view = organization.data;
    return (
      <Page
        title={view.name}
        intro={
          view.abilities.edit
            ? 'You are acting for this organization. Candidates see these details on its openings.'
            : 'You are acting for this organization. Only its owners change these details.'
        }
      >
        <Section title="Organization details">
          <OrganizationProfileForm
            key={view.organizationId}
            profile={view.profile}
            fallbackName={view.name}
            readOnly={!view.abilities.edit}
            save={async (values: OrganizationProfileValues) => (await saveTeamProfile(values)).organization.profile}
          />
        </Section>
        <PeopleSection OpeningsPicker={OpeningPicker} />
        {view.abilities.delete && <DeleteOrganizationSection name={view.name} onDeleted={setDeletedMessage} />}
      </Page>
    );
  }
  if (user && !ownIsOrganization) {
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
  if (!user || profile.isPending) return <Loading />;
  if (profile.isError) {
    return (
      <Page title={TITLE}>
        <Alert severity="error">Your profile could not be loaded. Reload the page to try again.</Alert>
      </Page>
    );
  }

  const details = profile.data.profileDetails;
  const abilities = organization.data?.abilities;
  return (
    <Page title={TITLE} intro="Candidates see these details on your openings.">
      {deleted ? (
        <DeletedNotice />
      ) : (
        <Section title="Organization details">
          <OrganizationProfileForm
            key={user.userId}
            profile={details.organization}
            readOnly={abilities?.edit === false}
            save={async (values: OrganizationProfileValues) => {
              const saved = await updateAccountDetails(user.accountType, values);
              storeProfile(queryClient, saved);
              return saved.profileDetails.organization;
            }}
          />
        </Section>
      )}
      <Section title="Phone numbers" description="A verified number becomes your primary contact number.">
        <PhoneNumbersEditor phoneNumbers={details.phoneNumbers} />
      </Section>
      {!deleted && <PeopleSection OpeningsPicker={OpeningPicker} />}
      <Section title="Notifications" description="Choose what reaches you in Placely and by email.">
        <Suspense fallback={null}>
          <NotificationPreferencesForm forOrganization />
        </Suspense>
      </Section>
      <RootInstitutions />
      {abilities?.delete && organization.data && (
        <DeleteOrganizationSection name={organization.data.name} onDeleted={setDeletedMessage} />
      )}
    </Page>
  );
}
