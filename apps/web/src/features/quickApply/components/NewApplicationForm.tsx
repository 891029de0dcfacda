import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Answers, Application, FormDefinition, PublicOpening } from '@placely/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { describeEligibility, formatDateTime } from '../describe';
import { pickDraft, readLocalDraft } from '../draftStorage';
import { autoFilledFieldIds, type FormValues, toFormValues } from '../formValues';
import { useDraftAutosave } from '../useDraftAutosave';
import { useLinkPrefill } from '../useLinkPrefill';
import { useSubmitApplication } from '../useSubmitApplication';
import { DraftStatus } from './DraftStatus';
import { QuickApplyForm } from './QuickApplyForm';

type Viewer = NonNullable<PublicOpening['viewer']>;

// Only for a link with pre-fill values (`?prefill[id]=`): the form page's first load does without it.
const LinkPrefillNotice = lazy(() =>
  import('./LinkPrefillNotice').then((module) => ({ default: module.LinkPrefillNotice })),
);

interface Start {
  values: FormValues;
  autoFilled: Set<string>;
  restoredAt: string | null;
  unsynced: Answers | null;
}

/** The person's own draft wins over a link's values, which win over the profile's prefill. */
function startFrom(
  definition: FormDefinition,
  viewer: Viewer,
  openingId: string,
  userId: number,
  link: Answers,
): Start {
  const local = readLocalDraft(openingId, userId);
  const chosen = pickDraft(viewer.draft, local);
  const values = toFormValues(
    definition,
    chosen ? { ...link, ...chosen.draft.answers } : { ...viewer.prefill, ...link },
  );
  return {
    values,
    autoFilled: autoFilledFieldIds(definition, viewer.prefill, values),
    restoredAt: chosen?.draft.updatedAt ?? null,
    unsynced: chosen?.source === 'local' && local?.unsynced ? local.answers : null,
  };
}

function startFresh(definition: FormDefinition, viewer: Viewer, link: Answers): Start {
  const values = toFormValues(definition, { ...viewer.prefill, ...link });
  return {
    values,
    autoFilled: autoFilledFieldIds(definition, viewer.prefill, values),
    restoredAt: null,
    unsynced: null,
  };
}

export interface NewApplicationFormProps {
  opening: PublicOpening & { viewer: Viewer };
  definition: FormDefinition;
  userId: number;
  onApplied: (application: Application) => void;
  /** A refusal that changes what the page shows (closed, cap reached, not eligible, already applied): refetch. */
  onRefused: (error: ApiError) => void;
  /** Why the application cannot be sent yet (a placement cycle's policy refuses it): the submit button says so. */
  submitRefusal?: string | null;
}

/**
 * Applying: the form opens with the newest draft (this device's or the server's) or else the auto-fill prefill,
 * saves as the person types, and submits with a kept idempotency key (waiting for the connection when offline).
 * An attempt a closed tab left unanswered is finished first.
 */
export function NewApplicationForm({
  opening,
  definition,
  userId,
  onApplied,
  onRefused,
  submitRefusal = null,
}: NewApplicationFormProps) {
  const link = useLinkPrefill(definition);
  const [start, setStart] = useState(() => startFrom(definition, opening.viewer, opening.id, userId, link.answers));
  const [formKey, setFormKey] = useState(0);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const autosave = useDraftAutosave({
    openingId: opening.id,
    userId,
    definition,
    purpose: 'new',
    startUnsynced: start.unsynced,
  });
  const sender = useSubmitApplication(opening.id, userId);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const handlers = useRef({ onApplied, onRefused, discard: autosave.discard });
  handlers.current = { onApplied, onRefused, discard: autosave.discard };

  const finish = async (application: Application) => {
    await handlers.current.discard({ server: false });
    handlers.current.onApplied(application);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for an attempt left from an earlier visit
  useEffect(() => {
    const pending = sender.pending();
    if (!pending) return;
    sender.resume(pending).then(finish, (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) handlers.current.onRefused(error);
      else setResumeError(error instanceof ApiError ? error.message : 'Your application could not be sent.');
    });
  }, []);

  const onSubmit = async (answers: Answers) => {
    setResumeError(null);
    try {
      await finish(await sender.submit(answers));
    } catch (error) {
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
        handlers.current.onRefused(error);
        return;
      }
      throw error;
    }
  };

  const rules = describeEligibility(opening.eligibility);
  return (
    <Stack spacing={2.5}>
      {rules.length > 0 && opening.viewer.eligible && (
        <Alert severity="success">Your profile meets this opening’s requirements.</Alert>
      )}
      {start.restoredAt && (
        <Alert
          severity="info"
          // News, not a warning: a status (issue 40), which screen readers read without interrupting.
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => setConfirmStartOver(true)}>
              Start over
            </Button>
          }
        >
          We restored the answers you saved {formatDateTime(start.restoredAt)}.
        </Alert>
      )}
      {(Object.keys(link.answers).length > 0 || link.ignored.length > 0) && (
        <Suspense fallback={null}>
          <LinkPrefillNotice definition={definition} prefill={link} />
        </Suspense>
      )}
      {start.autoFilled.size > 0 && (
        <Typography color="text.secondary">
          Answers marked “Auto-filled” come from your profile. Change anything you like: the changes apply to this
          application.
        </Typography>
      )}
      {sender.phase === 'waitingForConnection' && (
        <Alert severity="warning" role="alert">
          You are offline or the connection dropped. Your application will be sent as soon as the connection is back —
          keep this page open, or come back to it later.
        </Alert>
      )}
      {resumeError && <Alert severity="error">{resumeError}</Alert>}
      <QuickApplyForm
        key={formKey}
        definition={definition}
        initialValues={start.values}
        autoFilled={start.autoFilled}
        mode="apply"
        submitLabel={sender.phase === 'waitingForConnection' ? 'Waiting for connection…' : 'Submit application'}
        onSubmit={onSubmit}
        onValuesChange={autosave.onValuesChange}
        actions={<DraftStatus status={autosave.status} />}
        disabled={sender.phase !== 'idle'}
        submitRefusal={submitRefusal}
      />
      <ConfirmDialog
        open={confirmStartOver}
        title="Start over?"
        confirmLabel="Start over"
        cancelLabel="Keep my answers"
        destructive
        onCancel={() => setConfirmStartOver(false)}
        onConfirm={() => {
          setConfirmStartOver(false);
          void autosave.discard({ server: true }).then(() => {
            autosave.restart();
            setStart(startFresh(definition, opening.viewer, link.answers));
            setFormKey((key) => key + 1);
          });
        }}
      >
        Your saved answers are deleted and the form starts again from your profile.
      </ConfirmDialog>
    </Stack>
  );
}
