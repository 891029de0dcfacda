import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type Enrolment, PLACEMENT_LIMITS } from '@placely/contract';
import { type FormEvent, useState } from 'react';

/** Debarring a student asks for the reason the student will read. */
export function DebarDialog({
  enrolment,
  onClose,
  onDebar,
}: {
  enrolment: Enrolment;
  onClose: () => void;
  onDebar: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Give the reason the student will read');
      return;
    }
    onDebar(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="debar-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="debar-title">Debar {enrolment.name ?? enrolment.email}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A debarred student cannot apply to the cycle’s openings until restored.
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError('');
            }}
            required
            fullWidth
            multiline
            minRows={2}
            error={error !== ''}
            helperText={error || 'Shown to the student'}
            slotProps={{ htmlInput: { maxLength: PLACEMENT_LIMITS.reasonLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained">
            Debar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
