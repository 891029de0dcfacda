import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { POLICY_LIMITS, type PolicyException, revokeExceptionBodySchema, type z } from '@placely/contract';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { type RevokeExceptionBody, useRevokePolicyException } from '../api/revokePolicyException';

type RevokeForm = z.input<typeof revokeExceptionBodySchema>;

/**
 * The cell takes back an exception it granted, with a reason — the confirmation itself: what the exception was, what
 * revoking it does, and the reason kept with it. A revoked exception stays listed and in the audit trail.
 */
export function RevokeExceptionDialog({
  cycleId,
  exception,
  onClose,
}: {
  cycleId: string;
  exception: PolicyException;
  onClose: () => void;
}) {
  const revoke = useRevokePolicyException(cycleId);
  const { control, handleSubmit, setError, formState } = useForm<RevokeForm, unknown, RevokeExceptionBody>({
    resolver: zodResolver(revokeExceptionBodySchema),
    defaultValues: { cycleId, exceptionId: exception.id, reason: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const result = await revoke.mutateAsync(body);
      showSuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['reason'])) showError(error);
    }
  });
  const student = exception.studentName ?? exception.studentEmail;
  return (
    <Dialog open onClose={onClose} aria-labelledby="revoke-exception-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="revoke-exception-title">Revoke this exception?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {student} may now apply despite “{exception.ruleLabel}”{' '}
            {exception.openingTitle ? `for ${exception.openingTitle}` : 'for every opening of the cycle'}. Revoked, the
            rule applies to them again from their next application; applications already sent stay. The exception stays
            listed as revoked, with your name and reason.
          </DialogContentText>
          <FormTextField
            name="reason"
            control={control}
            label="Reason"
            required
            multiline
            minRows={2}
            helperText={`Kept with the exception and in the audit trail (at most ${POLICY_LIMITS.reasonLength} characters)`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep the exception</Button>
          <Button type="submit" color="error" variant="contained" loading={formState.isSubmitting}>
            Revoke exception
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
