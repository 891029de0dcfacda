import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type Offer, offerReasonBodySchema, PLACEMENT_LIMITS } from '@placely/contract';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useRescindOffer } from '../api/rescindOffer';
import { useWithdrawOffer } from '../api/withdrawOffer';

const reasonFormSchema = offerReasonBodySchema.pick({ reason: true });

const WORDS = {
  withdraw: {
    title: 'Withdraw this offer?',
    explain:
      'The offer is still waiting for an answer. Withdrawn, the student can no longer accept it; they are told, with your reason.',
    confirm: 'Withdraw the offer',
  },
  rescind: {
    title: 'Rescind this accepted offer?',
    explain:
      'The student accepted it. Rescinded, the verified placement it wrote on their profile is removed and, inside a placement cycle, their status follows the cycle’s policy; they are told, with your reason.',
    confirm: 'Rescind the offer',
  },
} as const;

/**
 * Ends an offer the company made, with the reason the student is told: withdraw one still waiting for an answer, or
 * rescind one the student accepted. Both are recorded in the organization's audit trail.
 */
export function EndOfferDialog({
  openingId,
  offer,
  action,
  onClose,
}: {
  openingId: string;
  offer: Offer;
  action: 'withdraw' | 'rescind';
  /** `ended`: the offer was withdrawn or rescinded. */
  onClose: (ended: boolean) => void;
}) {
  const withdraw = useWithdrawOffer(openingId);
  const rescind = useRescindOffer(openingId);
  const mutation = action === 'withdraw' ? withdraw : rescind;
  const { register, handleSubmit, formState, setError } = useForm<{ reason: string }>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    try {
      const result = await mutation.mutateAsync({ offerId: offer.id, reason });
      showSuccess(result.message);
      onClose(true);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['reason'])) showError(error);
    }
  });
  const words = WORDS[action];
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="end-offer-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="end-offer-title">{words.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {offer.role} for {offer.individualName ?? 'the candidate'}. {words.explain}
          </DialogContentText>
          <TextField
            {...register('reason')}
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            error={Boolean(formState.errors.reason)}
            helperText={formState.errors.reason?.message ?? 'The student sees it.'}
            slotProps={{ htmlInput: { maxLength: PLACEMENT_LIMITS.reasonLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={formState.isSubmitting}>
            {words.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
