import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CYCLE_OPENING_STATUS_LABELS, type CycleOpening, PLACEMENT_LIMITS } from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../lib/components/Section';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDecideCycleOpening } from '../api/decideCycleOpening';
import { useCycleOpenings } from '../api/getCycleOpenings';
import { formatCtc } from '../ctc';

export interface OpeningApprovalsProps {
  cycleId: string;
  canManage: boolean;
  /** The opening's form (the page owns the paths). */
  formHref: (openingId: string) => string;
}

/**
 * Openings companies sent to the cycle: they reach the cycle's students only once the cell approves each one; the cell
 * can send one back with what to change.
 */
export function OpeningApprovals({ cycleId, canManage, formHref }: OpeningApprovalsProps) {
  const openings = useCycleOpenings(cycleId);
  const decide = useDecideCycleOpening(cycleId);
  const [sendingBack, setSendingBack] = useState<CycleOpening | null>(null);
  const approve = (opening: CycleOpening) =>
    decide.mutate(
      { openingId: opening.openingId, decision: 'approve' },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  return (
    <Section title="Openings" description="Approved openings reach the cycle’s enrolled students; others wait here.">
      {openings.isError && <Alert severity="error">The openings could not be loaded.</Alert>}
      {openings.data?.items.length === 0 && (
        <Typography color="text.secondary">No company has sent an opening to this cycle yet.</Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {openings.data?.items.map((opening) => (
          <Stack
            component="li"
            key={opening.openingId}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'center' }, borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
          >
            <Stack sx={{ flexGrow: 1 }}>
              <Link component={RouterLink} to={formHref(opening.openingId)} sx={{ fontWeight: 600 }}>
                {opening.title}
              </Link>
              <Typography variant="body2">
                {opening.organizationName} · {formatCtc(opening.ctcAmount, opening.ctcCurrency, opening.ctcPeriod)} ·
                closes {formatDate(opening.deadline)}
              </Typography>
              {opening.comment && (
                <Typography variant="caption" color="text.secondary">
                  Comment: {opening.comment}
                </Typography>
              )}
            </Stack>
            <Chip
              size="small"
              color={opening.status === 'approved' ? 'success' : opening.status === 'sent_back' ? 'warning' : 'default'}
              label={CYCLE_OPENING_STATUS_LABELS[opening.status]}
            />
            {canManage && opening.status !== 'approved' && (
              <Button size="small" variant="contained" onClick={() => approve(opening)}>
                Approve {opening.title}
              </Button>
            )}
            {canManage && opening.status === 'pending' && (
              <Button size="small" onClick={() => setSendingBack(opening)}>
                Send back
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {sendingBack && (
        <SendBackDialog
          opening={sendingBack}
          onClose={() => setSendingBack(null)}
          onSend={(comment) =>
            decide.mutate(
              { openingId: sendingBack.openingId, decision: 'sendBack', comment },
              {
                onSuccess: (result) => {
                  showSuccess(result.message);
                  setSendingBack(null);
                },
                onError: (error) => showError(error),
              },
            )
          }
        />
      )}
    </Section>
  );
}

function SendBackDialog({
  opening,
  onClose,
  onSend,
}: {
  opening: CycleOpening;
  onClose: () => void;
  onSend: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) setError('Say what to change when sending an opening back');
    else onSend(comment.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="send-back-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="send-back-title">Send “{opening.title}” back</DialogTitle>
        <DialogContent>
          <TextField
            label="What should change"
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setError('');
            }}
            required
            fullWidth
            multiline
            minRows={3}
            error={error !== ''}
            helperText={error || `${opening.organizationName} reads this`}
            slotProps={{ htmlInput: { maxLength: PLACEMENT_LIMITS.commentLength } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Send back
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
