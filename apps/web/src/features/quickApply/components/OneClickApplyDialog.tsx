import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FeedOpening, fieldsOf, type LeafField } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toForm } from '../../../app/paths';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useApplyForm } from '../api/getApplyForm';
import { myApplicationsQueryKey } from '../api/listMyApplications';
import { formatLeafAnswer, isEmptyValue, toFormValues } from '../formValues';
import { useSubmitApplication } from '../useSubmitApplication';

// The form page's notice, in its own chunk: only an opening of a placement cycle carries a verdict.
const PolicyVerdictNotice = lazy(() =>
  import('./PolicyVerdictNotice').then((module) => ({ default: module.PolicyVerdictNotice })),
);

export interface OneClickApplyDialogProps {
  opening: FeedOpening;
  userId: number;
  onClose: () => void;
}

/**
 * "Apply in one click": shows exactly what will be sent (each question with the answer the server fills in from
 * the person's auto-fill data), then applies without answers. Anything the server refuses for missing or invalid
 * data opens the full form instead, where the person can fill it in. An opening of a placement cycle shows the
 * policy's verdict first, as the form page does: a refusal, in the policy's words, instead of what would be sent.
 */
export function OneClickApplyDialog({ opening, userId, onClose }: OneClickApplyDialogProps) {
  const form = useApplyForm(opening.id, userId);
  const sender = useSubmitApplication(opening.id, userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const data = form.data;
  const fields = data?.form ? (fieldsOf(data.form).filter((f) => f.type !== 'repeatableGroup') as LeafField[]) : [];
  const values = data?.form && data.viewer ? toFormValues(data.form, data.viewer.prefill) : {};
  const missing = fields.filter((field) => field.required && isEmptyValue(values[field.id]));
  const blocked = Boolean(data?.blocker) || !data?.viewer;
  const verdict = data?.viewer?.placementPolicy;
  const refusedByPolicy = verdict !== undefined && !verdict.allowed;
  const busy = sender.phase !== 'idle';

  const openForm = () => navigate(toForm(opening.id));
  const apply = async () => {
    setProblem(null);
    try {
      await sender.submit(null);
      setSent(true);
      showSuccess(`Applied to ${opening.title}`);
      void queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['quickApply', 'form', opening.id] });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && [400, 403, 409].includes(error.status)) {
        // The form says what is missing or why one cannot apply.
        showError(error);
        openForm();
        return;
      }
      setProblem(errorMessage(error));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="one-click-title">
      <DialogTitle id="one-click-title">{sent ? 'Application sent' : `Apply to ${opening.title}?`}</DialogTitle>
      <DialogContent>
        {form.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading what will be sent" />
          </Box>
        ) : form.isError ? (
          <Alert severity="error">{errorMessage(form.error)}</Alert>
        ) : sent ? (
          <Typography>
            {opening.organization.name ?? 'The organization'} has your application. You can see or edit it from the
            opening’s page.
          </Typography>
        ) : blocked ? (
          <Alert severity="info">
            You cannot apply in one click here. Open the opening to see why and what you can do.
          </Alert>
        ) : refusedByPolicy ? (
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading the placement policy’s answer" />}>
            <PolicyVerdictNotice verdict={verdict} />
          </Suspense>
        ) : (
          <>
            {verdict && (
              <Box sx={{ mb: 2 }}>
                <Suspense fallback={null}>
                  <PolicyVerdictNotice verdict={verdict} />
                </Suspense>
              </Box>
            )}
            <Typography sx={{ mb: 2 }}>
              These answers from your profile will be sent to {opening.organization.name ?? 'the organization'}:
            </Typography>
            <Box component="dl" role="group" sx={{ m: 0 }} aria-label="What will be sent">
              {fields.map((field) => {
                const text = formatLeafAnswer(field, values[field.id]);
                return (
                  <Box key={field.id} sx={{ mb: 1.5 }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {field.label}
                    </Typography>
                    <Typography
                      component="dd"
                      sx={{ m: 0, overflowWrap: 'anywhere' }}
                      color={text ? undefined : 'error'}
                    >
                      {text || (field.required ? 'Missing from your profile' : 'Not answered')}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
            {missing.length > 0 && (
              <Alert severity="warning">
                Your profile is missing {missing.length === 1 ? 'an answer' : 'some answers'} this form needs. Open the
                form to fill {missing.length === 1 ? 'it' : 'them'} in.
              </Alert>
            )}
            {sender.phase === 'waitingForConnection' && (
              <Alert severity="warning">
                You are offline. Your application will be sent when the connection is back.
              </Alert>
            )}
            {problem && <Alert severity="error">{problem}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {sent ? (
          <>
            <Button component={RouterLink} to={toForm(opening.id)}>
              View application
            </Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button component={RouterLink} to={toForm(opening.id)} disabled={busy}>
              Open the form
            </Button>
            {!blocked && !refusedByPolicy && missing.length === 0 && data && (
              <Button variant="contained" onClick={() => void apply()} loading={busy}>
                Send application
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
