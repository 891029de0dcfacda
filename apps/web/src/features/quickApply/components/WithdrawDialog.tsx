import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { WITHDRAWAL_LIMITS } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useWithdrawApplication } from '../api/withdrawApplication';

/** Confirms withdrawing one's own application, with an optional reason the organization reads. */
export function WithdrawDialog({
  application,
  onClose,
}: {
  application: { id: string; openingTitle: string } | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const withdraw = useWithdrawApplication();
  return (
    <Dialog
      open={application !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="withdraw-title"
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      <DialogTitle id="withdraw-title">Withdraw your application?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Your application to “{application?.openingTitle}” will be withdrawn and the organization told. You cannot undo
          this or apply to this opening again.
        </DialogContentText>
        <TextField
          label="Reason (optional)"
          fullWidth
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          helperText="The organization reads it."
          slotProps={{ htmlInput: { maxLength: WITHDRAWAL_LIMITS.reason } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep my application</Button>
        <Button
          variant="contained"
          color="error"
          loading={withdraw.isPending}
          onClick={() =>
            application &&
            withdraw.mutate(
              { applicationId: application.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
              {
                onSuccess: (result) => {
                  showSuccess(result.message);
                  onClose();
                },
                onError: (error) => showError(error),
              },
            )
          }
        >
          Withdraw
        </Button>
      </DialogActions>
    </Dialog>
  );
}
