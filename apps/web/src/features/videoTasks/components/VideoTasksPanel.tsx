import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FILE_RULES,
  formatBytes,
  formatSeconds,
  VIDEO_LIMITS,
  VIDEO_TASK_MESSAGES,
  type VideoTaskSummary,
} from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { uploadFile } from '../../../lib/uploads/uploadFile';
import { useCreateVideoTask } from '../api/createVideoTask';
import { useDeleteVideoTask } from '../api/deleteVideoTask';
import { useInviteToVideoTask } from '../api/inviteToVideoTask';
import { useVideoAnswers } from '../api/listVideoAnswers';
import { useVideoTasks } from '../api/listVideoTasks';
import { useUpdateVideoTask } from '../api/updateVideoTask';

const failed = (error: unknown) =>
  showError(error instanceof ApiError ? error.message : 'That did not work. Please try again.');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The prompt as the dialog's plain text: paragraphs separated by a blank line. */
function promptText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const paragraphs = [...body.querySelectorAll('p')].map((paragraph) => paragraph.textContent ?? '');
  return paragraphs.length > 0 ? paragraphs.join('\n\n') : (body.textContent ?? '');
}
const promptHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join('');

/** A datetime-local input's value for an ISO time, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The prompt video chosen in the dialog: its file, where to play it from, and its captions if any. */
interface PromptVideoChoice {
  fileId: string;
  url: string;
  captions: { fileId: string; url: string } | null;
}

/**
 * Adds a task, or edits one (`task` given): the same fields and limits. Editing keeps the rubric items' ids by
 * position (so a renamed item keeps its scores) and offers deleting the task; answers already submitted are kept.
 */
function TaskDialog(props: { openingId: string; task?: VideoTaskSummary; onClose: () => void }) {
  const { task } = props;
  const create = useCreateVideoTask();
  const update = useUpdateVideoTask();
  const remove = useDeleteVideoTask();
  const initialPrompt = task ? promptText(task.prompt) : '';
  const [title, setTitle] = useState(task?.title ?? '');
  const [prompt, setPrompt] = useState(initialPrompt);
  const [preparation, setPreparation] = useState(task?.preparationSeconds ?? 30);
  const [maxAnswer, setMaxAnswer] = useState(task?.maxAnswerSeconds ?? 120);
  const [takes, setTakes] = useState(task?.takesAllowed ?? 2);
  const [deadline, setDeadline] = useState(localInput(task?.deadline ?? null));
  const [allowUpload, setAllowUpload] = useState(task?.allowUpload ?? true);
  const [askAtApply, setAskAtApply] = useState(task?.askAtApply ?? false);
  const [rubric, setRubric] = useState(
    task ? task.rubric.map((item) => item.label).join(', ') : 'Communication, Relevance',
  );
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [image, setImage] = useState<{ fileId: string; url: string } | null>(task?.promptImage ?? null);
  const [imageAlt, setImageAlt] = useState(task?.promptImage?.alt ?? '');
  const [uploadingImage, setUploadingImage] = useState(false);
  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    setUploadingImage(true);
    try {
      const stored = await uploadFile(file, 'videoPromptImage', () => {}).done;
      // The browser's own copy until the task is saved (the public URL serves it only once a task shows it).
      setImage({ fileId: stored.id, url: URL.createObjectURL(file) });
    } catch (error) {
      failed(error);
    } finally {
      setUploadingImage(false);
    }
  };
  const [video, setVideo] = useState<PromptVideoChoice | null>(task?.promptVideo ?? null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  const [uploadingCaptions, setUploadingCaptions] = useState(false);
  const chooseVideo = async (file: File | undefined) => {
    if (!file) return;
    setVideoProgress(0);
    try {
      const stored = await uploadFile(file, 'videoPrompt', setVideoProgress).done;
      setVideo({ fileId: stored.id, url: URL.createObjectURL(file), captions: null });
    } catch (error) {
      failed(error);
    } finally {
      setVideoProgress(null);
    }
  };
  const chooseCaptions = async (file: File | undefined) => {
    if (!file || !video) return;
    setUploadingCaptions(true);
    try {
      const stored = await uploadFile(file, 'videoCaptions', () => {}).done;
      setVideo({ ...video, captions: { fileId: stored.id, url: URL.createObjectURL(file) } });
    } catch (error) {
      failed(error);
    } finally {
      setUploadingCaptions(false);
    }
  };
  const uploadingMedia = uploadingImage || videoProgress !== null || uploadingCaptions;
  const labels = rubric
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean)
    .slice(0, VIDEO_LIMITS.rubricItems);
  const taken = new Set(task?.rubric.map((item) => item.id));
  let next = 1;
  const freshId = () => {
    while (taken.has(`item${next}`)) next++;
    taken.add(`item${next}`);
    return `item${next}`;
  };
  const rubricItems = labels.map((label, index) => ({ id: task?.rubric[index]?.id ?? freshId(), label }));
  const fields = {
    title: title.trim(),
    // An untouched prompt keeps its markup; a changed one is written as paragraphs.
    prompt: task && prompt === initialPrompt ? task.prompt : promptHtml(prompt),
    preparationSeconds: preparation,
    maxAnswerSeconds: maxAnswer,
    takesAllowed: takes,
    deadline: deadline ? new Date(deadline).toISOString() : null,
    allowUpload,
    askAtApply,
    rubric: rubricItems,
    promptImage: image ? { fileId: image.fileId, alt: imageAlt.trim() } : null,
    promptVideo: video ? { fileId: video.fileId, captionsFileId: video.captions?.fileId ?? null } : null,
  };
  const pending = create.isPending || update.isPending || remove.isPending;
  const save = () => {
    const done = {
      onSuccess: () => {
        showSuccess(task ? VIDEO_TASK_MESSAGES.updated : VIDEO_TASK_MESSAGES.created);
        props.onClose();
      },
      onError: failed,
    };
    if (task) update.mutate({ id: task.id, ...fields }, done);
    else create.mutate({ openingId: props.openingId, ...fields }, done);
  };
  const heading = task ? 'Edit video task' : 'Add a video task';
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="video-task-dialog-title">
      <DialogTitle id="video-task-dialog-title">{heading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {task && (
            <Alert severity="info">
              New limits apply to answers from now on; answers already submitted are kept. A later deadline re-opens
              answering.
            </Alert>
          )}
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          <TextField
            label="Question"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            multiline
            minRows={3}
            required
          />
          <Stack spacing={1}>
            {image ? (
              <>
                <img
                  src={image.url}
                  alt={imageAlt || 'Prompt image (describe it below)'}
                  style={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', alignSelf: 'flex-start' }}
                />
                <TextField
                  label="Image description (alt text)"
                  value={imageAlt}
                  onChange={(e) => setImageAlt(e.target.value)}
                  required
                  helperText="Read to candidates who cannot see the image."
                  slotProps={{ htmlInput: { maxLength: VIDEO_LIMITS.altTextLength } }}
                />
                <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setImage(null)}>
                  Remove image
                </Button>
              </>
            ) : video ? (
              <>
                <Box
                  component="video"
                  controls
                  preload="metadata"
                  src={video.url}
                  aria-label="Prompt video preview"
                  sx={{ width: '100%', maxHeight: 200, bgcolor: 'common.black' }}
                >
                  {video.captions && (
                    <track kind="captions" src={video.captions.url} srcLang="en" label="Captions" default />
                  )}
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {video.captions ? (
                    <Button onClick={() => setVideo({ ...video, captions: null })}>Remove captions</Button>
                  ) : (
                    <Button variant="outlined" component="label" disabled={uploadingCaptions}>
                      {uploadingCaptions ? 'Uploading captions…' : 'Add captions (WebVTT)'}
                      <input
                        hidden
                        type="file"
                        accept=".vtt,text/vtt"
                        aria-label={`Captions (${FILE_RULES.videoCaptions.label}, up to ${formatBytes(FILE_RULES.videoCaptions.maxBytes)})`}
                        onChange={(event) => void chooseCaptions(event.target.files?.[0])}
                      />
                    </Button>
                  )}
                  <Button onClick={() => setVideo(null)}>Remove video</Button>
                </Stack>
                {video.captions && (
                  <Typography variant="body2" color="text.secondary">
                    Captions added.
                  </Typography>
                )}
              </>
            ) : (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" component="label" disabled={uploadingMedia}>
                  {uploadingImage ? 'Uploading image…' : 'Add an image above the question'}
                  <input
                    hidden
                    type="file"
                    accept={FILE_RULES.videoPromptImage.contentTypes.join(',')}
                    aria-label={`Prompt image (${FILE_RULES.videoPromptImage.label}, up to ${formatBytes(FILE_RULES.videoPromptImage.maxBytes)})`}
                    onChange={(event) => void chooseImage(event.target.files?.[0])}
                  />
                </Button>
                <Button variant="outlined" component="label" disabled={uploadingMedia}>
                  {videoProgress !== null
                    ? `Uploading video… ${Math.round(videoProgress * 100)}%`
                    : 'Add a video above the question'}
                  <input
                    hidden
                    type="file"
                    accept={FILE_RULES.videoPrompt.contentTypes.join(',')}
                    aria-label={`Prompt video (${FILE_RULES.videoPrompt.label}, up to ${formatSeconds(VIDEO_LIMITS.promptVideoSeconds)})`}
                    onChange={(event) => void chooseVideo(event.target.files?.[0])}
                  />
                </Button>
              </Stack>
            )}
          </Stack>
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
          {task && confirmingDelete && (
            <Alert
              severity="warning"
              action={
                <Button
                  color="error"
                  disabled={pending}
                  onClick={() =>
                    remove.mutate(task.id, {
                      onSuccess: () => {
                        showSuccess(VIDEO_TASK_MESSAGES.deleted);
                        props.onClose();
                      },
                      onError: failed,
                    })
                  }
                >
                  Delete
                </Button>
              }
            >
              Delete this task? Candidates can no longer answer it; answers already submitted are kept.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {task && (
          <Button color="error" sx={{ mr: 'auto' }} disabled={pending} onClick={() => setConfirmingDelete(true)}>
            Delete task
          </Button>
        )}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={
            pending ||
            uploadingMedia ||
            !title.trim() ||
            !prompt.trim() ||
            labels.length === 0 ||
            (image !== null && !imageAlt.trim())
          }
          onClick={save}
        >
          {task ? 'Save changes' : 'Add task'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TaskAnswers(props: { taskId: string; watchTo: (answerId: string) => string }) {
  const answers = useVideoAnswers(props.taskId);
  if (!answers.data) return null;
  const rows = answers.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <Typography color="text.secondary">No answers yet.</Typography>;
  return (
    <>
      {/* Scrolls sideways in its own box at 320 px (WCAG 1.4.10): every column and the Watch link stay reachable. */}
      <TableContainer
        role="region"
        aria-label="Video answers, scrollable"
        tabIndex={0}
        sx={{ overflowX: 'auto', maxWidth: '100%', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
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
            {rows.map((row) => (
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
      </TableContainer>
      {answers.hasNextPage && (
        <Button onClick={() => void answers.fetchNextPage()} disabled={answers.isFetchingNextPage}>
          Show more answers
        </Button>
      )}
    </>
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
  const [stageId, setStageId] = useState('');
  const [editing, setEditing] = useState(false);
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
            {task.deadline && ` · due ${formatDateTime(task.deadline)}`}
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
              <Button onClick={() => setEditing(true)} aria-label={`Edit video task ${task.title}`}>
                Edit task
              </Button>
            </Stack>
          )}
          <TaskAnswers taskId={task.id} watchTo={props.watchTo} />
        </Stack>
        {editing && <TaskDialog openingId={task.openingId} task={task} onClose={() => setEditing(false)} />}
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
      {adding && <TaskDialog openingId={props.openingId} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
