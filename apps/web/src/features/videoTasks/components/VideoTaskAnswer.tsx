import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, formatSeconds, VIDEO_CONTENT_TYPES, type VideoTaskPage } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { type UploadHandle, uploadFile } from '../../../lib/uploads/uploadFile';
import { attachTake } from '../api/attachTake';
import { videoTaskKeys } from '../api/keys';
import { useSubmitVideoAnswer } from '../api/submitVideoAnswer';
import { forgetTake, keepTake, type StoredTake, takeFile, unsentTake } from '../takeStorage';
import { VideoRecorder } from './VideoRecorder';

type Sending = { progress: number; paused: boolean; what: 'recording' | 'upload' } | null;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The upload did not finish. Check your connection and try again.';

/**
 * /UploadVideoForTask for a signed-in candidate: the task, the recorder (or a file upload where recording is not
 * possible or the task allows it), each take uploaded through the resumable layer and kept in the browser until the
 * server has it, retake while takes remain, submit.
 */
export function VideoTaskAnswer(props: {
  page: VideoTaskPage;
  watchTo: (answerId: string) => string;
  signIn: ReactNode;
}) {
  const { task, opening, organization, viewer } = props.page;
  const queryClient = useQueryClient();
  const submit = useSubmitVideoAnswer();
  const [sending, setSending] = useState<Sending>(null);
  const [unsent, setUnsent] = useState<StoredTake | null>(null);
  const [playback, setPlayback] = useState<string | null>(null);
  const [recordingProblem, setRecordingProblem] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const answer = viewer?.answer ?? null;
  const submitted = Boolean(answer?.submittedAt);

  useEffect(() => {
    if (viewer) void unsentTake(task.id).then((take) => setUnsent(take ?? null));
  }, [task.id, viewer]);
  useEffect(() => () => handle.current?.pause(), []);
  useEffect(
    () => () => {
      if (playback) URL.revokeObjectURL(playback);
    },
    [playback],
  );

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }), [queryClient]);

  const send = useCallback(
    async (file: File, source: 'recording' | 'upload', poster: Blob | null) => {
      setSending({ progress: 0, paused: false, what: source });
      try {
        const upload = uploadFile(file, 'video', (progress) =>
          setSending((current) => (current ? { ...current, progress } : current)),
        );
        handle.current = upload;
        const stored = await upload.done;
        handle.current = null;
        let posterFileId: string | undefined;
        if (poster) {
          const posterFile = new File([poster], 'poster.jpg', { type: 'image/jpeg' });
          posterFileId = await uploadFile(posterFile, 'videoPoster', () => {}).done.then(
            (file) => file.id,
            () => undefined,
          );
        }
        await attachTake({ taskId: task.id, fileId: stored.id, source, ...(posterFileId ? { posterFileId } : {}) });
        await forgetTake(task.id);
        setUnsent(null);
        showSuccess('Take saved');
        await refresh();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        showError(messageOf(error));
      } finally {
        setSending(null);
      }
    },
    [refresh, task.id],
  );

  const recorded = useCallback(
    async (take: StoredTake) => {
      setPlayback(URL.createObjectURL(take.video));
      await keepTake(take).catch(() => undefined);
      setUnsent(take);
      await send(takeFile(take), 'recording', take.poster);
    },
    [send],
  );

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > task.maxUploadBytes) {
      showError(`The file is larger than ${formatBytes(task.maxUploadBytes)}.`);
      return;
    }
    setPlayback(URL.createObjectURL(file));
    void send(file, 'upload', null);
  };

  const header = (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="overline">
          {organization.name} · {opening.title}
        </Typography>
        <Typography variant="h5" component="h2" gutterBottom>
          {task.title}
        </Typography>
        {task.promptImage && (
          <Box
            component="img"
            src={task.promptImage.url}
            alt={task.promptImage.alt}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 420, objectFit: 'contain', mb: 2 }}
          />
        )}
        {task.promptVideo && (
          <Box
            component="video"
            controls
            preload="metadata"
            src={task.promptVideo.url}
            aria-label={`Video for ${task.title}`}
            sx={{ display: 'block', width: '100%', maxHeight: 420, bgcolor: 'common.black', mb: 2 }}
          >
            {task.promptVideo.captions && (
              <track kind="captions" src={task.promptVideo.captions.url} srcLang="en" label="Captions" default />
            )}
          </Box>
        )}
        <Box
          // The server sanitizes the prompt like opening descriptions (allow-listed tags, no scripts or handlers).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side; this is its only rendering
          dangerouslySetInnerHTML={{ __html: task.prompt }}
          sx={{ overflowWrap: 'anywhere' }}
        />
        <Typography variant="body2" color="text.secondary">
          Answer length up to {formatSeconds(task.maxAnswerSeconds)} · {task.takesAllowed}{' '}
          {task.takesAllowed === 1 ? 'take' : 'takes'}
          {task.preparationSeconds > 0 && ` · ${formatSeconds(task.preparationSeconds)} to prepare`}
          {task.deadline && ` · due ${formatDateTime(task.deadline)}`}
        </Typography>
      </CardContent>
    </Card>
  );

  if (!viewer) {
    return (
      <Stack spacing={3}>
        {header}
        {props.signIn}
      </Stack>
    );
  }

  const canTake = viewer.canAnswer && !sending && !submitted;
  const uploadAllowed = task.allowUpload;
  return (
    <Stack spacing={3}>
      {header}
      {submitted && answer ? (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to={props.watchTo(answer.id)}>
              Watch your answer
            </Button>
          }
        >
          Your answer was submitted.
        </Alert>
      ) : (
        !viewer.canAnswer && viewer.reason && <Alert severity="info">{viewer.reason}</Alert>
      )}
      {!submitted && viewer.canAnswer && (
        <>
          <Typography aria-live="polite">
            {viewer.takesLeft} {viewer.takesLeft === 1 ? 'take' : 'takes'} left
          </Typography>
          <VideoRecorder task={task} disabled={!canTake} onRecorded={recorded} onUnavailable={setRecordingProblem} />
        </>
      )}
      {unsent && !sending && !submitted && (
        <Alert
          severity="warning"
          action={
            <Button onClick={() => void send(takeFile(unsent), 'recording', unsent.poster)}>Upload it now</Button>
          }
        >
          A recorded take has not reached the server yet. It is kept on this device until it does.
        </Alert>
      )}
      {sending && (
        <Box>
          <Typography id="take-upload-progress" variant="body2">
            Uploading your {sending.what === 'recording' ? 'take' : 'file'}: {Math.round(sending.progress * 100)}%
          </Typography>
          <LinearProgress variant="determinate" value={sending.progress * 100} aria-labelledby="take-upload-progress" />
          {handle.current?.resumable && (
            <Button
              size="small"
              onClick={() => {
                if (sending.paused) handle.current?.resume();
                else handle.current?.pause();
                setSending({ ...sending, paused: !sending.paused });
              }}
            >
              {sending.paused ? 'Resume upload' : 'Pause upload'}
            </Button>
          )}
        </Box>
      )}
      {playback && !submitted && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Your latest take
          </Typography>
          {/* biome-ignore lint/a11y/useMediaCaption: the candidate's own recording; there are no captions to offer */}
          <video
            src={playback}
            controls
            aria-label="Play back your latest take"
            style={{ width: '100%', maxHeight: 360 }}
          />
        </Box>
      )}
      {!submitted && viewer.canAnswer && recordingProblem && !uploadAllowed && (
        <Alert severity="info">
          This task asks for a recording made here. Open this page on a device with a camera (a phone works).
        </Alert>
      )}
      {!submitted && viewer.canAnswer && uploadAllowed && (
        <Box>
          {recordingProblem && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              You can upload a video file instead.
            </Typography>
          )}
          <Button variant="outlined" component="label" disabled={!canTake}>
            Upload a video file instead
            <input
              hidden
              type="file"
              accept={VIDEO_CONTENT_TYPES.join(',')}
              aria-label="Video file (MP4, WebM or MOV)"
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
          </Button>
          <Typography variant="caption" component="p">
            MP4, WebM or MOV, up to {formatBytes(task.maxUploadBytes)}
          </Typography>
        </Box>
      )}
      {!submitted && answer?.take && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography>
            Saved take: {formatSeconds(answer.take.durationSeconds)} ({answer.takesUsed} of {task.takesAllowed} used)
          </Typography>
          <Button
            variant="contained"
            disabled={Boolean(sending) || submit.isPending}
            onClick={() =>
              submit.mutate(task.id, {
                onSuccess: () => showSuccess('Answer submitted'),
                onError: (error) => showError(messageOf(error)),
              })
            }
          >
            Submit answer
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
