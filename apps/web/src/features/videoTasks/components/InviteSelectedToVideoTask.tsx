import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { VIDEO_LIMITS } from '@placely/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useInviteToVideoTask } from '../api/inviteToVideoTask';
import { useVideoTasks } from '../api/listVideoTasks';

/**
 * "Invite to a video task…" for the candidates selected in the responses table (one or many, not only a whole
 * stage): shown to those who may manage the opening's tasks, once it has a task candidates are invited to.
 */
export function InviteSelectedToVideoTask({
  openingId,
  selected,
  onDone,
}: {
  openingId: string;
  selected: ReadonlySet<string>;
  onDone?: () => void;
}) {
  const tasks = useVideoTasks(openingId);
  const invite = useInviteToVideoTask();
  const [open, setOpen] = useState(false);
  const [taskId, setTaskId] = useState('');
  const invitable = (tasks.data?.items ?? []).filter((task) => !task.askAtApply);
  if (!tasks.data?.abilities.manage || invitable.length === 0) return null;
  const count = selected.size;
  const tooMany = count > VIDEO_LIMITS.inviteIds;
  const who = count === 1 ? '1 selected candidate' : `${count} selected candidates`;
  return (
    <>
      <Button variant="outlined" disabled={count === 0} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Invite to a video task…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Invite {who}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {tooMany
              ? `At most ${VIDEO_LIMITS.inviteIds} candidates at a time: select fewer, or invite a whole stage from the task.`
              : 'They are told in Placely and by mail, with the link to answer.'}
          </DialogContentText>
          <TextField
            select
            fullWidth
            label="Video task"
            value={taskId}
            onChange={(event) => setTaskId(event.target.value)}
          >
            {invitable.map((task) => (
              <MenuItem key={task.id} value={task.id}>
                {task.title}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!taskId || tooMany || count === 0}
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(
                { taskId, applicationIds: [...selected] },
                {
                  onSuccess: (result) => {
                    showSuccess(result.message);
                    setOpen(false);
                    onDone?.();
                  },
                  onError: (error) => showError(error instanceof ApiError ? error.message : 'Could not invite'),
                },
              )
            }
          >
            Invite
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
