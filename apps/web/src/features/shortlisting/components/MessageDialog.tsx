import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { MessageSendBody } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useSendMessage } from '../api/sendMessage';
import { EMPTY_LETTER, type Letter, LetterFields, letterBody, letterProblem } from './LetterFields';

export interface MessageDialogProps {
  open: boolean;
  openingId: string;
  /** "Asha Verma", "3 candidates", "all 120 candidates in Applied". */
  what: string;
  target: Pick<MessageSendBody, 'applicationIds' | 'filter'>;
  onClose: () => void;
  onSent?: () => void;
}

/** "Message…": one letter to the chosen candidates, filled per candidate, now or later. */
export function MessageDialog({ open, openingId, what, target, onClose, onSent }: MessageDialogProps) {
  const [letter, setLetter] = useState<Letter>(EMPTY_LETTER);
  const [tried, setTried] = useState(false);
  const send = useSendMessage();
  const problem = letterProblem(letter);
  const submit = () => {
    setTried(true);
    if (problem) return;
    const { letter: written, sendAt } = letterBody(letter);
    send.mutate(
      { openingId, ...target, ...written, ...(sendAt ? { sendAt } : {}) },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
          onSent?.();
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
      aria-labelledby="message-dialog-title"
      slotProps={{
        transition: {
          onExited: () => {
            setLetter(EMPTY_LETTER);
            setTried(false);
          },
        },
      }}
    >
      <DialogTitle id="message-dialog-title">Message {what}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          Each candidate gets it in their Placely inbox and by mail; it is kept in their messages here.
        </Alert>
        <LetterFields value={letter} onChange={setLetter} />
        {tried && problem && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={send.isPending} onClick={submit}>
          {letter.sendLater ? 'Schedule' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
