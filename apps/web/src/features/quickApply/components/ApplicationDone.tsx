import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Application, FormDefinition } from '@placely/contract';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';
import { formatDateTime, STATUS_LABELS } from '../describe';
import { ApplicationSummary } from './ApplicationSummary';

export interface ApplicationDoneProps {
  application: Application;
  definition: FormDefinition | null;
  /** Just sent or just edited in this visit (a success message), or an earlier application being revisited. */
  outcome: 'sent' | 'edited' | 'revisit';
  editTo: string;
  /** Where the application stands, in the organization's words for applicants (shortlisting). */
  stageLabel?: string | null;
}

/** The confirmation: what was sent, when, its status, and the way to edit it while that is allowed. */
export function ApplicationDone({ application, definition, outcome, editTo, stageLabel }: ApplicationDoneProps) {
  const edited = application.revision > 1;
  // After a submit or an edit the form is gone: focus goes to the confirmation, not to the page body (issue 40).
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome !== 'revisit') confirmation.current?.focus();
  }, [outcome]);
  return (
    <Stack spacing={3}>
      <Alert
        ref={confirmation}
        tabIndex={-1}
        severity="success"
        icon={<CheckCircleOutlinedIcon />}
        role="status"
        data-testid="application-confirmation"
      >
        <AlertTitle>
          {outcome === 'sent'
            ? 'Application sent'
            : outcome === 'edited'
              ? 'Your changes were saved'
              : 'You applied to this opening'}
        </AlertTitle>
        {outcome === 'sent'
          ? 'The organization has your application. You can come back to this page to see or edit it.'
          : `Submitted ${formatDateTime(application.submittedAt)}.`}
      </Alert>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="your-application">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography variant="h6" component="h2" id="your-application">
            Your application
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Chip size="small" color="primary" label={STATUS_LABELS[application.status]} />
            {stageLabel && application.status !== 'withdrawn' && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={stageLabel}
                aria-label={`Stage: ${stageLabel}`}
              />
            )}
            {edited && <Chip size="small" variant="outlined" label="Edited" />}
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Submitted {formatDateTime(application.submittedAt)}
          {edited && ` · Edited ${formatDateTime(application.updatedAt)} (revision ${application.revision})`}
        </Typography>
        {definition ? (
          <ApplicationSummary
            definition={definition}
            answers={application.answers}
            verifiedAnswers={application.verifiedAnswers}
          />
        ) : (
          <Typography color="text.secondary">This opening has no form questions.</Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1 }}>
          {application.canEdit && definition && (
            <Button variant="contained" component={RouterLink} to={editTo}>
              Edit your application
            </Button>
          )}
          <Button variant="outlined" component={RouterLink} to={PATHS.forms}>
            All your applications
          </Button>
        </Stack>
        {!application.canEdit && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            This application can no longer be edited.
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
