import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Application, FormDefinition, PublicOpening } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { type ApiError, errorMessage, isApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAppStore } from '../../../lib/store';
import { subjectOfAccessToken } from '../../../lib/tokenStorage';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { applyFormQueryKey, useApplyForm } from '../api/getApplyForm';
import { myApplicationsQueryKey } from '../api/listMyApplications';
import { recordExternalApply } from '../api/recordExternalApply';
import { clearLocalDraft } from '../draftStorage';
import { settleSubmit } from '../idempotency';
import { policyRefusalOf } from '../policyRefusal';
import { useLinkPrefill } from '../useLinkPrefill';
import { BlockerScreen, OpeningNotFound } from './BlockerScreen';
import { FormPreview } from './FormPreview';
import { FormReadOnly } from './FormReadOnly';
import { NewApplicationForm } from './NewApplicationForm';
import { OpeningDetails } from './OpeningDetails';

// Shown only after applying (signed in, never on the server's render) or while editing: a form link's first load,
// where the person is about to type into the form, does without them.
const ApplicationDone = lazy(() => import('./ApplicationDone').then((module) => ({ default: module.ApplicationDone })));
const LinkPrefillNotice = lazy(() =>
  import('./LinkPrefillNotice').then((module) => ({ default: module.LinkPrefillNotice })),
);
// Only on an opening of a placement cycle; the submit button's refusal (policyRefusalOf) needs none of it.
const PolicyVerdictNotice = lazy(() =>
  import('./PolicyVerdictNotice').then((module) => ({ default: module.PolicyVerdictNotice })),
);
const EditApplicationForm = lazy(() =>
  import('./EditApplicationForm').then((module) => ({ default: module.EditApplicationForm })),
);

/** Who is looking: a user id, 'anonymous', or null while a session is still being restored. */
export function useViewerKey(): number | 'anonymous' | null {
  const token = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  if (!token) return 'anonymous';
  // Before the session is restored (or offline, when it cannot be), the token names the person.
  return user ? user.userId : subjectOfAccessToken(token);
}

function Loading({ label }: { label: string }) {
  return (
    <Stack sx={{ alignItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

function ExternalApply({ opening }: { opening: PublicOpening }) {
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography sx={{ mb: 2 }}>
          {opening.organization.name ?? 'The organization'} takes applications for this opening on its own website.
        </Typography>
        <Button
          variant="contained"
          endIcon={<OpenInNewIcon />}
          loading={pending}
          onClick={() => {
            setPending(true);
            recordExternalApply(opening.id)
              .then(({ url }) => window.location.assign(url))
              .catch((error: unknown) => {
                setPending(false);
                showError(error);
                void queryClient.invalidateQueries({ queryKey: ['quickApply', 'form', opening.id] });
              });
          }}
        >
          Apply on their website
        </Button>
      </CardContent>
    </Card>
  );
}

/** Signed out: what the address's pre-fill values will fill in, and what they cannot (server-rendered too). */
function SignedOutLinkPrefill({ definition }: { definition: FormDefinition }) {
  const prefill = useLinkPrefill(definition);
  if (Object.keys(prefill.answers).length === 0 && prefill.ignored.length === 0) return null;
  return <LinkPrefillNotice definition={definition} prefill={prefill} signedOut />;
}

export interface OpeningApplicationProps {
  openingId: string;
  /** The `?edit` view of an application that may still be edited. */
  editing: boolean;
  editTo: string;
  viewTo: string;
  onLeaveEdit: () => void;
  /** The sign-in button (from the auth feature), coming back here afterwards. */
  signIn: ReactNode;
}

/**
 * /forms/{openingId}: the opening and, depending on who is looking and the opening's state, a sign-in prompt, the
 * form, a confirmation (with edit), or the screen saying why one cannot apply.
 */
export function OpeningApplication({
  openingId,
  editing,
  editTo,
  viewTo,
  onLeaveEdit,
  signIn,
}: OpeningApplicationProps) {
  const viewer = useViewerKey();
  const query = useApplyForm(openingId, viewer);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<'sent' | 'edited' | 'revisit'>('revisit');
  const opening = query.data;
  useDocumentTitle(opening ? opening.title : query.isError ? 'Opening not found' : 'Opening');
  const appliedAs = opening?.viewer?.application && typeof viewer === 'number' ? viewer : null;
  useEffect(() => {
    // Sent (maybe from another device, or by an attempt whose answer a closed tab never saw): nothing is pending.
    if (appliedAs === null) return;
    settleSubmit(openingId, appliedAs);
    clearLocalDraft(openingId, appliedAs);
  }, [openingId, appliedAs]);

  if (viewer === null || (query.isPending && query.fetchStatus !== 'idle'))
    return <Loading label="Loading the opening" />;
  if (query.isError || !opening) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <OpeningNotFound signIn={viewer === 'anonymous' ? signIn : null} />;
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  }

  const key = applyFormQueryKey(openingId, viewer);
  const setApplication = async (application: Application) => {
    // A refetch already under way (e.g. on reconnecting after an offline submit) may have left before the
    // application existed: cancel it, so its stale answer cannot replace the one we now know.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<PublicOpening>(key, (current) =>
      current?.viewer
        ? { ...current, blocker: 'alreadyApplied', viewer: { ...current.viewer, application, draft: null } }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey });
  };
  const onRefused = (error: ApiError) => {
    showError(error);
    void query.refetch();
  };

  let body: ReactNode;
  const application = opening.viewer?.application ?? null;
  // With a blocker or a sent application the long description would push the point of the page out of sight.
  const compact = Boolean(application) || (Boolean(opening.blocker) && opening.blocker !== 'draft');
  const userId = typeof viewer === 'number' ? viewer : null;

  if (opening.blocker === 'notFound') {
    return <OpeningNotFound signIn={viewer === 'anonymous' ? signIn : null} />;
  } else if (opening.blocker === 'draft') {
    body = (
      <Stack spacing={2}>
        <Alert severity="info">
          This opening is a draft: only your organization can see this page. Applicants can open the link once you
          publish the opening. Below is the form as they will see it; nothing is sent from this preview.
        </Alert>
        {opening.form && <FormPreview definition={opening.form} />}
      </Stack>
    );
  } else if (application && userId !== null && editing && application.canEdit && opening.form) {
    body = (
      <EditApplicationForm
        application={application}
        definition={opening.form}
        userId={userId}
        cancelTo={viewTo}
        onEdited={(edited) => {
          void setApplication(edited);
          setOutcome('edited');
          showSuccess('Your changes were saved');
          onLeaveEdit();
        }}
        onRefused={onRefused}
      />
    );
  } else if (application) {
    body = (
      <ApplicationDone
        application={application}
        definition={opening.form}
        outcome={outcome}
        editTo={editTo}
        stageLabel={opening.viewer?.stageLabel ?? null}
      />
    );
  } else if (opening.blocker) {
    body = (
      <BlockerScreen
        blocker={opening.blocker}
        opening={opening}
        onCheckAgain={() => void query.refetch()}
        checking={query.isFetching}
      />
    );
  } else if (opening.applyMode === 'external') {
    body = <ExternalApply opening={opening} />;
  } else if (!opening.viewer || userId === null) {
    // Signed out: the whole form, read-only, so people can see what is asked before they commit.
    body = (
      <Stack spacing={3}>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="h6" component="h2">
                Sign in with Google to apply
              </Typography>
              <Typography color="text.secondary">
                Sign in with your Google account and the form fills itself in from your profile. New here? Signing in
                creates your account.
              </Typography>
              {signIn}
            </Stack>
          </CardContent>
        </Card>
        {opening.form && (
          <Suspense fallback={null}>
            <SignedOutLinkPrefill definition={opening.form} />
          </Suspense>
        )}
        {opening.form && (
          <Box component="section" aria-labelledby="questions-heading">
            <Typography variant="h5" component="h2" id="questions-heading" sx={{ mb: 2 }}>
              The questions
            </Typography>
            <FormReadOnly definition={opening.form} />
          </Box>
        )}
      </Stack>
    );
  } else if (!opening.form) {
    body = <Alert severity="warning">This opening has no form yet. Please come back later.</Alert>;
  } else {
    const policy = opening.viewer.placementPolicy;
    body = (
      <Box component="section" aria-labelledby="apply-heading">
        <Typography variant="h5" component="h2" id="apply-heading" sx={{ mb: 2 }}>
          Apply
        </Typography>
        {policy && (
          <Box sx={{ mb: 2.5 }}>
            <Suspense fallback={null}>
              <PolicyVerdictNotice verdict={policy} />
            </Suspense>
          </Box>
        )}
        <NewApplicationForm
          opening={{ ...opening, viewer: opening.viewer }}
          definition={opening.form}
          userId={userId}
          submitRefusal={policyRefusalOf(policy)}
          onApplied={(sent) => {
            setOutcome('sent');
            void setApplication(sent);
            window.scrollTo({ top: 0 });
          }}
          onRefused={onRefused}
        />
      </Box>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 800, mx: 'auto', width: '100%' }}>
      <OpeningDetails opening={opening} compact={compact} />
      {!compact && <Divider />}
      <Suspense fallback={<Loading label="Loading your application" />}>{body}</Suspense>
    </Stack>
  );
}
