import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SHORTLISTING_LIMITS, type Stage } from '@placely/contract';
import { useState } from 'react';

export interface MoveDialogProps {
  open: boolean;
  /** "3 candidates", "all 120 candidates in Applied". */
  what: string;
  stages: Stage[];
  pending: boolean;
  /**
   * A move to an Offered stage goes through the offer dialog (one candidate without an offer): the button continues
   * to it. Otherwise such a move only moves, and the dialog says that each candidate's offer is still to be made.
   */
  offerStep?: boolean;
  onMove: (toStageId: string, reason: string) => void;
  onClose: () => void;
}

/** "Move to…": the target stage and an optional reason kept in each candidate's history. */
export function MoveDialog({ open, what, stages, pending, offerStep = false, onMove, onClose }: MoveDialogProps) {
  const [toStageId, setToStageId] = useState('');
  const [reason, setReason] = useState('');
  const target = stages.find((stage) => stage.id === toStageId);
  const toOffered = target?.kind === 'offered';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setToStageId('');
            setReason('');
          },
        },
      }}
    >
      <DialogTitle>Move {what}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Move to"
            value={toStageId}
            onChange={(event) => setToStageId(event.target.value)}
            required
          >
            {stages.map((stage) => (
              <MenuItem key={stage.id} value={stage.id}>
                {stage.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: SHORTLISTING_LIMITS.moveReasonLength } }}
            helperText="Kept in each candidate's stage history; applicants never see it."
          />
          {toOffered && (
            <Alert severity="info">
              {offerStep
                ? `Next you write the offer: role, CTC, letter and the time to answer. The candidate moves to ${target.name} when it is sent.`
                : `This moves them without making their offers: each then shows “Offer details missing” on the board and in their panel, with “Make the offer…”.`}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!toStageId}
          loading={pending}
          onClick={() => onMove(toStageId, reason.trim())}
        >
          {toOffered && offerStep ? 'Continue to the offer' : 'Move'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
