import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HIDDEN_JUDGEMENT_TEXT, RANKING_LIMITS, type RankedCandidate, RECIPE_CRITERION_HELP } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { usePinCandidate } from '../api/pinCandidate';
import { useUnpinCandidate } from '../api/unpinCandidate';
import { RatingsPanel } from './RatingsPanel';

export interface ScoreBreakdownDialogProps {
  openingId: string;
  candidate: RankedCandidate | null;
  tieBreak: string;
  canPin: boolean;
  onOpenApplication: (applicationId: string) => void;
  onClose: () => void;
}

/** One candidate's score, criterion by criterion, the knock-outs and the pin; their ratings below. */
export function ScoreBreakdownDialog({
  openingId,
  candidate,
  tieBreak,
  canPin,
  onOpenApplication,
  onClose,
}: ScoreBreakdownDialogProps) {
  const name = candidate?.applicant.name ?? 'Candidate';
  return (
    <Dialog open={candidate !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="breakdown-title">
      <DialogTitle id="breakdown-title">
        {name}: {candidate?.rank ? `rank ${candidate.rank}` : 'not ranked'}, score{' '}
        {candidate?.score ?? HIDDEN_JUDGEMENT_TEXT.toLowerCase()}
      </DialogTitle>
      {candidate && (
        <DialogContent>
          <Stack spacing={2}>
            {candidate.knockouts.length > 0 && (
              <Alert severity="warning">Excluded by the recipe’s knock-outs: {candidate.knockouts.join('; ')}</Alert>
            )}
            {candidate.explanation.length === 0 ? (
              <Typography color="text.secondary">No ranking recipe yet: every score is 0.</Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={`Score breakdown of ${name}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Criterion</TableCell>
                      <TableCell>Raw value</TableCell>
                      <TableCell align="right">Normalised (0–1)</TableCell>
                      <TableCell align="right">Weight</TableCell>
                      <TableCell align="right">Contribution</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {candidate.explanation.map((term) => (
                      <TableRow key={term.index}>
                        <TableCell>
                          {term.label}
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {RECIPE_CRITERION_HELP[term.kind].normalised}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          {term.kind === 'rating' && term.normalised === null
                            ? 'Hidden until you rate'
                            : (term.raw ?? 'Missing (counts 0)')}
                        </TableCell>
                        <TableCell align="right">{term.normalised ?? '—'}</TableCell>
                        <TableCell align="right">{term.weight}</TableCell>
                        <TableCell align="right">
                          {term.contribution === null ? '—' : `+${term.contribution}`}
                        </TableCell>
                      </TableRow>
                    ))}
                    <TableRow>
                      <TableCell colSpan={4}>
                        <strong>Score (0–100)</strong>
                      </TableCell>
                      <TableCell align="right">
                        <strong>{candidate.score ?? HIDDEN_JUDGEMENT_TEXT}</strong>
                      </TableCell>
                    </TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <Typography variant="body2" color="text.secondary">
              {tieBreak}
            </Typography>
            <PinControls openingId={openingId} candidate={candidate} canPin={canPin} />
            <Divider />
            <RatingsPanel openingId={openingId} applicationId={candidate.applicationId} />
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        {candidate && <Button onClick={() => onOpenApplication(candidate.applicationId)}>Open the application</Button>}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function PinControls({
  openingId,
  candidate,
  canPin,
}: {
  openingId: string;
  candidate: RankedCandidate;
  canPin: boolean;
}) {
  const [direction, setDirection] = useState<'top' | 'bottom'>('top');
  const [reason, setReason] = useState('');
  const pin = usePinCandidate();
  const unpin = useUnpinCandidate();
  const current = candidate.pin;
  return (
    <Stack spacing={1} component="section" aria-label="Pin">
      {current && (
        <Typography variant="body2">
          Pinned to the {current.direction} by {current.by.name ?? 'someone no longer here'}: “{current.reason}”
        </Typography>
      )}
      {canPin && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Pin"
            value={direction}
            onChange={(event) => setDirection(event.target.value as 'top' | 'bottom')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="top">Above everyone</MenuItem>
            <MenuItem value="bottom">Below everyone</MenuItem>
          </TextField>
          <TextField
            size="small"
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: RANKING_LIMITS.pinReasonLength } }}
            sx={{ flex: 1 }}
          />
          <Button
            variant="outlined"
            disabled={reason.trim() === ''}
            loading={pin.isPending}
            onClick={() =>
              pin.mutate(
                { openingId, applicationId: candidate.applicationId, direction, reason },
                {
                  onSuccess: () => {
                    setReason('');
                    showSuccess('Candidate pinned');
                  },
                  onError: (error: unknown) => showError(error),
                },
              )
            }
          >
            Pin
          </Button>
          {current && (
            <Button
              loading={unpin.isPending}
              onClick={() =>
                unpin.mutate(
                  { openingId, applicationId: candidate.applicationId },
                  { onSuccess: () => showSuccess('Pin removed'), onError: (error: unknown) => showError(error) },
                )
              }
            >
              Unpin
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
