import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormDefinition, isOrganizationAccount } from '@placely/contract';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useManagedCircles } from '../../features/membership/api/listManagedCircles';
import { GROUP_MEMBERSHIP } from '../../features/membership/kinds';
import { useOpening } from '../../features/openings/api/getOpening';
import { OpeningEditor } from '../../features/openings/components/OpeningEditor';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { FormPreview } from '../../features/quickApply/components/FormPreview';
import { Page } from '../../lib/components/Page';
import { showSuccess } from '../../lib/snackbar';
import { useAppStore } from '../../lib/store';
import { PATHS, toEditOpening } from '../paths';

const renderPreview = (definition: FormDefinition) => <FormPreview definition={definition} />;

/** /organization/createOpening (new) and ?id= (edit): the opening editor beside the applicant's preview. */
export default function CreateOpeningPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const [params] = useSearchParams();
  const id = params.get('id');
  const opening = useOpening(id);
  const navigate = useNavigate();
  const active = useActiveOrganization();
  const isOrganization = isOrganizationAccount(user?.accountType) || active.actingForTeam;
  // Group-only openings choose from the organization's own groups (listed for those who run them).
  const runsGroups = !active.actingForTeam || (active.organization?.abilities.runGroups ?? false);
  const groups = useManagedCircles(GROUP_MEMBERSHIP, Boolean(accessToken) && isOrganization && runsGroups);
  const groupOptions = useMemo(
    () => (groups.data?.pages ?? []).flatMap((page) => page.items).map((group) => ({ id: group.id, name: group.name })),
    [groups.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = groups;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const title = id ? 'Edit opening' : 'Create an opening';
  const here = id ? toEditOpening(id) : PATHS.organization.createOpening;

  let content: React.ReactNode;
  if (!accessToken) {
    content = <SignInPrompt title="Sign in to post openings" next={here} />;
  } else if (user && !isOrganization) {
    content = <Alert severity="info">Openings are posted by organization accounts.</Alert>;
  } else if (!user || (id && opening.isPending)) {
    content = (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the opening" />
      </Stack>
    );
  } else if (id && opening.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => opening.refetch()}>
            Try again
          </Button>
        }
      >
        {opening.error.message}{' '}
        <Link component={RouterLink} to={PATHS.organization.openings}>
          Back to your openings
        </Link>
      </Alert>
    );
  } else {
    const saved = id ? (opening.data ?? null) : null;
    content = (
      <OpeningEditor
        key={saved?.id ?? 'new'}
        opening={saved}
        renderPreview={renderPreview}
        groupOptions={groupOptions}
        onSaved={(result, created) => {
          if (created) {
            showSuccess('Opening created');
            navigate(toEditOpening(result.id), { replace: true });
          } else {
            showSuccess(result.formVersion ? `Opening saved · form version ${result.formVersion}` : 'Opening saved');
          }
        }}
      />
    );
  }

  return (
    <Page
      title={title}
      maxWidth={1400}
      intro={
        accessToken ? (
          <>
            Describe the opening and build the form applicants fill in.{' '}
            <Link component={RouterLink} to={PATHS.organization.openings}>
              All your openings
            </Link>
          </>
        ) : undefined
      }
    >
      {content}
    </Page>
  );
}
