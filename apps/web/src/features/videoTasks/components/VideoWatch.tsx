import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAYBACK_RATES, VIDEO_LIMITS, type VideoAnswerView } from '@placely/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddVideoComment } from '../api/addVideoComment';
import { useSaveVideoScores } from '../api/saveVideoScores';

/** 0:03, 1:25 */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
const SCORES = Array.from({ length: VIDEO_LIMITS.maxScore }, (_, index) => index + 1);

/**
 * /watch: the answer streamed from its signed link (the browser seeks with range requests), playback speed,
 * keyboard shortcuts (k play/pause, j/l 5 s back/forward, n/p next/previous candidate), scores per rubric item and
 * time-stamped comments (a click jumps there).
 */
export function VideoWatch(props: { view: VideoAnswerView; onGoTo: (answerId: string) => void }) {
  const { view, onGoTo } = props;
  const video = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  const [scores, setScores] = useState<Record<string, number>>(() =>
    Object.fromEntries(view.myScores.map((score) => [score.itemId, score.score])),
  );
  const [comment, setComment] = useState('');
  const save = useSaveVideoScores();
  const addComment = useAddVideoComment();

  // Every answer read signs a new link; the player keeps the one it plays until that is about to lapse, then moves
  // to the fresh one at the same place (a new src would otherwise restart the video on every score or comment).
  const [source, setSource] = useState({ url: view.videoUrl, expiresAt: view.linkExpiresAt });
  useEffect(() => {
    if (view.videoUrl === source.url) return;
    const renewIn = new Date(source.expiresAt).getTime() - Date.now() - 90_000;
    const timer = setTimeout(
      () => {
        const element = video.current;
        const at = element?.currentTime ?? 0;
        const playing = element ? !element.paused : false;
        setSource({ url: view.videoUrl, expiresAt: view.linkExpiresAt });
        element?.addEventListener(
          'loadedmetadata',
          () => {
            element.currentTime = at;
            if (playing) void element.play();
          },
          { once: true },
        );
      },
      Math.max(0, renewIn),
    );
    return () => clearTimeout(timer);
  }, [view.videoUrl, view.linkExpiresAt, source]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (target?.isContentEditable || event.ctrlKey || event.metaKey || event.altKey) return;
      const element = video.current;
      if (!element) return;
      if (event.key === 'k') void (element.paused ? element.play() : element.pause());
      else if (event.key === 'j') element.currentTime = Math.max(0, element.currentTime - 5);
      else if (event.key === 'l') element.currentTime = element.currentTime + 5;
      else if (event.key === 'n' && view.nextAnswerId) onGoTo(view.nextAnswerId);
      else if (event.key === 'p' && view.previousAnswerId) onGoTo(view.previousAnswerId);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onGoTo, view.nextAnswerId, view.previousAnswerId]);

  const jump = (seconds: number) => {
    if (!video.current) return;
    video.current.currentTime = seconds;
    video.current.focus();
  };
  const failed = (error: unknown) =>
    showError(error instanceof ApiError ? error.message : 'That did not work. Please try again.');

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline">
          {view.opening.title} · {view.task.title}
        </Typography>
        <Typography variant="h5" component="h2">
          {view.candidateName}
        </Typography>
      </Box>
      <Box sx={{ bgcolor: 'black', borderRadius: 1, overflow: 'hidden' }}>
        <video
          ref={video}
          src={source.url}
          {...(view.posterUrl ? { poster: view.posterUrl } : {})}
          controls
          preload="metadata"
          aria-label={`Answer of ${view.candidateName}`}
          style={{ width: '100%', display: 'block', maxHeight: 520 }}
        />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Playback speed"
          value={rate}
          onChange={(event) => setRate(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {PLAYBACK_RATES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}×
            </MenuItem>
          ))}
        </TextField>
        <Button
          disabled={!view.previousAnswerId}
          onClick={() => view.previousAnswerId && onGoTo(view.previousAnswerId)}
        >
          Previous candidate
        </Button>
        <Button disabled={!view.nextAnswerId} onClick={() => view.nextAnswerId && onGoTo(view.nextAnswerId)}>
          Next candidate
        </Button>
        <Typography variant="caption" color="text.secondary">
          Keys: k play/pause · j/l 5 s back/forward · p/n previous/next candidate
        </Typography>
      </Stack>

      {view.abilities.score && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              Your scores
            </Typography>
            {view.averageScore !== null && (
              <Typography sx={{ mb: 1 }} data-testid="average-score">
                Average of all reviewers: {view.averageScore}
              </Typography>
            )}
            <Stack spacing={1}>
              {view.task.rubric.map((item) => {
                const average = view.averages.find((entry) => entry.itemId === item.id);
                return (
                  <FormControl key={item.id}>
                    <FormLabel id={`rubric-${item.id}`}>
                      {item.label}
                      {average?.average !== null && average ? ` (average ${average.average} of ${average.count})` : ''}
                    </FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby={`rubric-${item.id}`}
                      value={scores[item.id] ?? ''}
                      onChange={(event) => setScores({ ...scores, [item.id]: Number(event.target.value) })}
                    >
                      {SCORES.map((score) => (
                        <FormControlLabel
                          key={score}
                          value={score}
                          control={<Radio slotProps={{ input: { 'aria-label': `${item.label}: ${score}` } }} />}
                          label={String(score)}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                );
              })}
            </Stack>
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={save.isPending || Object.keys(scores).length === 0}
              onClick={() =>
                save.mutate(
                  {
                    answerId: view.id,
                    scores: Object.entries(scores).map(([itemId, score]) => ({ itemId, score })),
                  },
                  { onSuccess: () => showSuccess('Scores saved'), onError: failed },
                )
              }
            >
              Save scores
            </Button>
          </CardContent>
        </Card>
      )}

      {view.abilities.comment && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              Comments
            </Typography>
            {view.comments.length === 0 ? (
              <Typography color="text.secondary">No comments yet.</Typography>
            ) : (
              <List dense aria-label="Comments">
                {view.comments.map((entry) => (
                  <ListItemButton key={entry.id} onClick={() => jump(entry.atSeconds)}>
                    <ListItemText primary={`${clock(entry.atSeconds)} — ${entry.body}`} secondary={entry.authorName} />
                  </ListItemButton>
                ))}
              </List>
            )}
            <Stack
              component="form"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              onSubmit={(event) => {
                event.preventDefault();
                const atSeconds = Math.round((video.current?.currentTime ?? 0) * 10) / 10;
                addComment.mutate(
                  { answerId: view.id, atSeconds, body: comment },
                  {
                    onSuccess: () => {
                      setComment('');
                      showSuccess('Comment added');
                    },
                    onError: failed,
                  },
                );
              }}
            >
              <TextField
                size="small"
                label="Comment at the current moment"
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                slotProps={{ htmlInput: { maxLength: VIDEO_LIMITS.commentLength } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="outlined" disabled={!comment.trim() || addComment.isPending}>
                Add comment
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      {!view.abilities.score && (
        <Alert severity="info">
          This is your submitted answer. <Link href={view.videoUrl}>Download it</Link>.
        </Alert>
      )}
    </Stack>
  );
}
