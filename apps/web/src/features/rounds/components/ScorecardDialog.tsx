import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useScorecards } from '../api/getScorecards';
import { useSubmitScorecard } from '../api/submitScorecard';
import { ScorecardForm, ScorecardSummary } from './ScorecardForm';

/**
 * A candidate's scorecards in a round: the caller's own form (panelists), and the others' — which the server sends
 * only once the caller submitted their own (the blind rule, policies/judgement.ts); until then it says so.
 */
export function ScorecardDialog(props: {
  roundId: string;
  applicationId: string;
  candidateName: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const cards = useScorecards(props.roundId, props.applicationId);
  const submit = useSubmitScorecard();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Scorecard: {props.candidateName}</DialogTitle>
      <DialogContent>
        {cards.isPending && <CircularProgress aria-label="Loading the scorecards" />}
        {cards.isError && <Alert severity="error">Could not load the scorecards.</Alert>}
        {cards.data && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {cards.data.abilities.submit ? (
              <ScorecardForm
                key={cards.data.mine?.submittedAt ?? 'new'}
                criteria={cards.data.criteria}
                initial={cards.data.mine}
                candidateName={props.candidateName}
                pending={submit.isPending}
                onSubmit={(values) =>
                  submit.mutate(
                    { roundId: props.roundId, applicationId: props.applicationId, ...values },
                    { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
                  )
                }
              />
            ) : (
              cards.data.mine && <ScorecardSummary card={cards.data.mine} criteria={cards.data.criteria} />
            )}
            <Divider />
            <Typography variant="subtitle1" component="h3">
              Other panelists
            </Typography>
            {cards.data.hidden ? (
              <Alert severity="info">Other panelists’ scorecards show once you submit yours.</Alert>
            ) : cards.data.others.length === 0 ? (
              <Typography variant="body2">No other scorecard yet.</Typography>
            ) : (
              cards.data.others.map((card) => (
                <ScorecardSummary key={card.id} card={card} criteria={cards.data.criteria} />
              ))
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
