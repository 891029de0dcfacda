import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGE_LIMITS } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useRejectCandidate } from '../api/rejectCandidate';
import { EMPTY_LETTER, type Letter, LetterFields, letterBody, letterProblem } from './LetterFields';

export interface RejectDialogProps {
  open: boolean;
  openingId: string;
  applicationId: string;
  onClose: () => void;
}

/**
 * "Reject…": this candidate to Rejected with a reason (kept in the stage history, never shown to them), and — when
 * chosen — a mail now or later. Without a mail the candidate learns it when the opening's rejections are released.
 */
export function RejectDialog({ open, openingId, applicationId, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [withMail, setWithMail] = useState(true);
  const [letter, setLetter] = useState<Letter>(EMPTY_LETTER);
  const [tried, setTried] = useState(false);
  const reject = useRejectCandidate();
  const problem = !reason.trim() ? 'Give a reason' : withMail ? letterProblem(letter) : null;
  const submit = () => {
    setTried(true);
    if (problem) return;
    const { letter: written, sendAt } = letterBody(letter);
    reject.mutate(
      {
        openingId,
        applicationId,
        reason: reason.trim(),
        ...(withMail ? { message: written, ...(sendAt ? { sendAt } : {}) } : {}),
      },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-dialog-title"
      slotProps={{
        transition: {
          onExited: () => {
            setReason('');
            setWithMail(true);
            setLetter(EMPTY_LETTER);
            setTried(false);
          },
        },
      }}
    >
      <DialogTitle id="reject-dialog-title">Reject this candidate</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && !reason.trim()}
            helperText="Kept in the stage history and the activity; the candidate never sees it."
            slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.reason } }}
          />
          <FormControlLabel
            control={<Checkbox checked={withMail} onChange={(event) => setWithMail(event.target.checked)} />}
            label="Tell the candidate by mail"
          />
          {withMail ? (
            <LetterFields value={letter} onChange={setLetter} />
          ) : (
            <Alert severity="info">The candidate sees the rejection when the opening’s rejections are released.</Alert>
          )}
          {tried && problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" loading={reject.isPending} onClick={submit}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
