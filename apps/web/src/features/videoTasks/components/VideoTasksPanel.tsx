import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatSeconds, VIDEO_LIMITS, type VideoTaskSummary } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreateVideoTask } from '../api/createVideoTask';
import { useDeleteVideoTask } from '../api/deleteVideoTask';
import { useInviteToVideoTask } from '../api/inviteToVideoTask';
import { useVideoAnswers } from '../api/listVideoAnswers';
import { useVideoTasks } from '../api/listVideoTasks';

const failed = (error: unknown) =>
  showError(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function AddTaskDialog(props: { openingId: string; open: boolean; onClose: () => void }) {
  const create = useCreateVideoTask();
  const [title, setTitle] = useState('');
  const [prompt, setPrompt] = useState('');
  const [preparation, setPreparation] = useState(30);
  const [maxAnswer, setMaxAnswer] = useState(120);
  const [takes, setTakes] = useState(2);
  const [deadline, setDeadline] = useState('');
  const [allowUpload, setAllowUpload] = useState(true);
  const [askAtApply, setAskAtApply] = useState(false);
  const [rubric, setRubric] = useState('Communication, Relevance');
  const labels = rubric
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add a video task</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          <TextField
            label="Question"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            multiline
            minRows={3}
            required
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="number"
              label="Preparation (seconds)"
              value={preparation}
              onChange={(e) => setPreparation(Number(e.target.value))}
              slotProps={{ htmlInput: { min: 0, max: VIDEO_LIMITS.maxPreparationSeconds } }}
            />
            <TextField
              type="number"
              label="Longest answer (seconds)"
              value={maxAnswer}
              onChange={(e) => setMaxAnswer(Number(e.target.value))}
              slotProps={{ htmlInput: { min: VIDEO_LIMITS.minAnswerSeconds, max: VIDEO_LIMITS.maxAnswerSeconds } }}
            />
            <TextField
              type="number"
              label="Takes allowed"
              value={takes}
              onChange={(e) => setTakes(Number(e.target.value))}
              slotProps={{ htmlInput: { min: 1, max: VIDEO_LIMITS.maxTakes } }}
            />
          </Stack>
          <TextField
            type="datetime-local"
            label="Deadline (optional)"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Rubric items (comma-separated, scored 1–5)"
            value={rubric}
            onChange={(e) => setRubric(e.target.value)}
          />
          <FormControlLabel
            control={<Switch checked={allowUpload} onChange={(e) => setAllowUpload(e.target.checked)} />}
            label="Allow uploading a file instead of recording"
          />
          <FormControlLabel
            control={<Switch checked={askAtApply} onChange={(e) => setAskAtApply(e.target.checked)} />}
            label="Ask every applicant (at apply time)"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={create.isPending || !title.trim() || !prompt.trim() || labels.length === 0}
          onClick={() =>
            create.mutate(
              {
                openingId: props.openingId,
                title: title.trim(),
                prompt: prompt
                  .split(/\n{2,}/)
                  .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
                  .join(''),
                preparationSeconds: preparation,
                maxAnswerSeconds: maxAnswer,
                takesAllowed: takes,
                deadline: deadline ? new Date(deadline).toISOString() : null,
                allowUpload,
                askAtApply,
                rubric: labels
                  .slice(0, VIDEO_LIMITS.rubricItems)
                  .map((label, index) => ({ id: `item${index + 1}`, label })),
              },
              {
                onSuccess: () => {
                  showSuccess('Video task added');
                  props.onClose();
                },
                onError: failed,
              },
            )
          }
        >
          Add task
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TaskAnswers(props: { taskId: string; watchTo: (answerId: string) => string }) {
  const answers = useVideoAnswers(props.taskId);
  if (!answers.data) return null;
  if (answers.data.items.length === 0) return <Typography color="text.secondary">No answers yet.</Typography>;
  return (
    <Table size="small" aria-label="Video answers">
      <TableHead>
        <TableRow>
          <TableCell>Candidate</TableCell>
          <TableCell>Length</TableCell>
          <TableCell>Average score</TableCell>
          <TableCell>Reviewers</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {answers.data.items.map((row) => (
          <TableRow key={row.id}>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {row.posterUrl && (
                  <img src={row.posterUrl} alt="" width={48} height={27} style={{ objectFit: 'cover' }} />
                )}
                <span>{row.candidateName}</span>
              </Stack>
            </TableCell>
            <TableCell>{row.durationSeconds === null ? '—' : formatSeconds(row.durationSeconds)}</TableCell>
            <TableCell data-testid="video-average">{row.averageScore ?? '—'}</TableCell>
            <TableCell>{row.reviewers}</TableCell>
            <TableCell>
              <Link component={RouterLink} to={props.watchTo(row.id)}>
                Watch
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function TaskCard(props: {
  task: VideoTaskSummary;
  manage: boolean;
  stages: { id: string; name: string }[];
  watchTo: (answerId: string) => string;
  answerLink: (taskId: string) => string;
}) {
  const { task } = props;
  const invite = useInviteToVideoTask();
  const remove = useDeleteVideoTask();
  const [stageId, setStageId] = useState('');
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <Typography variant="subtitle1" component="h3">
            {task.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatSeconds(task.maxAnswerSeconds)} · {task.takesAllowed} takes ·{' '}
            {task.askAtApply ? 'asked of every applicant' : `${task.invited} invited`} · {task.submitted} answered
            {task.deadline && ` · due ${new Date(task.deadline).toLocaleString()}`}
          </Typography>
          <Typography variant="body2">
            Link for candidates: <Link href={props.answerLink(task.id)}>{props.answerLink(task.id)}</Link>
          </Typography>
          {props.manage && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                select
                size="small"
                label="Invite everyone in stage"
                value={stageId}
                onChange={(e) => setStageId(e.target.value)}
                sx={{ minWidth: 220 }}
              >
                {props.stages.map((stage) => (
                  <MenuItem key={stage.id} value={stage.id}>
                    {stage.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!stageId || invite.isPending}
                onClick={() =>
                  invite.mutate(
                    { taskId: task.id, stageId },
                    { onSuccess: (result) => showSuccess(result.message), onError: failed },
                  )
                }
              >
                Invite
              </Button>
              <Button
                color="error"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(task.id, { onSuccess: () => showSuccess('Video task removed'), onError: failed })
                }
              >
                Remove task
              </Button>
            </Stack>
          )}
          <TaskAnswers taskId={task.id} watchTo={props.watchTo} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The video tasks of an opening in its responses view: add, invite a stage, answers with average scores. */
export function VideoTasksPanel(props: {
  openingId: string;
  stages: { id: string; name: string }[];
  watchTo: (answerId: string) => string;
  answerLink: (taskId: string) => string;
}) {
  const tasks = useVideoTasks(props.openingId);
  const [adding, setAdding] = useState(false);
  if (!tasks.data) return null;
  return (
    <Stack spacing={2} component="section" aria-labelledby="video-tasks-heading" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="video-tasks-heading">
          Video tasks
        </Typography>
        {tasks.data.abilities.manage && (
          <Button variant="outlined" onClick={() => setAdding(true)}>
            Add a video task
          </Button>
        )}
      </Stack>
      {tasks.data.items.length === 0 && (
        <Typography color="text.secondary">No video tasks yet. Ask candidates to record a short answer.</Typography>
      )}
      {tasks.data.items.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          manage={tasks.data.abilities.manage}
          stages={props.stages}
          watchTo={props.watchTo}
          answerLink={props.answerLink}
        />
      ))}
      {adding && <AddTaskDialog openingId={props.openingId} open onClose={() => setAdding(false)} />}
    </Stack>
  );
}
