import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PanelView } from '@placely/contract';
import { ApiError } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { usePanelView } from '../api/getPanelView';
import { useSubmitPanelScorecard } from '../api/submitPanelScorecard';
import { ScorecardForm } from './ScorecardForm';

const when = (iso: string) => formatDateTime(iso);

type Candidate = PanelView['slots'][number]['candidates'][number];

function CandidateCard({ link, view, candidate }: { link: string; view: PanelView; candidate: Candidate }) {
  const submit = useSubmitPanelScorecard();
  return (
    <Card variant="outlined" component="section" aria-label={candidate.name}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {candidate.name}
        </Typography>
        {candidate.answers.length > 0 && (
          <Stack component="dl" spacing={0.5} sx={{ my: 1 }}>
            {candidate.answers.map((a) => (
              <div key={a.question}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {a.question}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {a.answer}
                </Typography>
              </div>
            ))}
          </Stack>
        )}
        <ScorecardForm
          key={candidate.scorecard?.submittedAt ?? 'new'}
          criteria={view.criteria}
          initial={candidate.scorecard}
          candidateName={candidate.name}
          pending={submit.isPending}
          onSubmit={(values) =>
            submit.mutate(
              { link, applicationId: candidate.applicationId, ...values },
              { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
            )
          }
        />
      </CardContent>
    </Card>
  );
}

/**
 * An outside interviewer's page through their personal link: only their panel's slots, the booked candidates'
 * shared details (no contact details) and their own scorecards — nothing else of the organization.
 */
export function OutsidePanelView({ link }: { link: string }) {
  const view = usePanelView(link);
  if (view.isPending) return <CircularProgress aria-label="Loading your interviews" />;
  if (view.isError) {
    const gone = view.error instanceof ApiError && view.error.status === 410;
    return (
      <Alert severity="error">
        {gone
          ? 'This link has expired or was revoked. Ask the organization for a new one.'
          : 'This link does not work.'}
      </Alert>
    );
  }
  const data = view.data;
  return (
    <Stack spacing={2}>
      <Typography>
        {data.panelistName} · {data.stageName} — {data.openingTitle}. This link works until {when(data.expiresAt)}.
      </Typography>
      {data.slots.length === 0 && <Typography>No slots on your panel yet.</Typography>}
      {data.slots.map((slot) => (
        <Stack key={slot.id} spacing={1} component="section" aria-label={`Slot at ${when(slot.startsAt)}`}>
          <Typography variant="h6" component="h2">
            {when(slot.startsAt)}
            {slot.venue ? ` · ${slot.venue}` : ''}
            {slot.meetingLink ? ` · ${slot.meetingLink}` : ''}
          </Typography>
          {slot.candidates.length === 0 && <Typography variant="body2">Nobody booked yet.</Typography>}
          {slot.candidates.map((candidate) => (
            <CandidateCard key={candidate.applicationId} link={link} view={data} candidate={candidate} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
