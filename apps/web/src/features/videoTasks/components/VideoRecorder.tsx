import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatSeconds, type VideoTask } from '@placely/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StoredTake } from '../takeStorage';

type Phase = 'starting' | 'ready' | 'preparing' | 'countdown' | 'recording' | 'unavailable';
/** The last seconds before recording starts, after any preparation time. */
const COUNTDOWN_SECONDS = 3;

/** Why recording cannot happen here, in plain words. */
function unavailableReason(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera and microphone access was denied, so you cannot record here.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera or microphone was found.';
  return 'This browser cannot record video.';
}

function pickMimeType(): string | undefined {
  const candidates = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return candidates.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));
}

/** A still frame of the live picture, for lists. */
function capturePoster(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = Math.min(640, video.videoWidth);
  canvas.height = Math.round((canvas.width / video.videoWidth) * video.videoHeight);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
}

/**
 * Camera and microphone check (live preview, level meter, device choice), preparation time and a countdown, a
 * visible timer while recording, stop (or the task's limit) — then the take goes to `onRecorded`.
 */
export function VideoRecorder(props: {
  task: VideoTask;
  disabled: boolean;
  onRecorded: (take: StoredTake) => void;
  onUnavailable: (reason: string) => void;
}) {
  const { task, onRecorded, onUnavailable } = props;
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [reason, setReason] = useState('');
  const [level, setLevel] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');

  const stopStream = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  // Open the chosen camera and microphone; the level meter follows the microphone.
  useEffect(() => {
    let cancelled = false;
    let frame = 0;
    let audio: AudioContext | null = null;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
          throw new Error('unsupported');
        const media = await navigator.mediaDevices.getUserMedia({
          video: cameraId ? { deviceId: { exact: cameraId } } : { width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
        });
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stopStream();
        stream.current = media;
        if (preview.current) preview.current.srcObject = media;
        setDevices((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.deviceId));
        audio = new AudioContext();
        const analyser = audio.createAnalyser();
        analyser.fftSize = 512;
        audio.createMediaStreamSource(media).connect(analyser);
        const samples = new Uint8Array(analyser.fftSize);
        const measure = () => {
          analyser.getByteTimeDomainData(samples);
          let sum = 0;
          for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
          setLevel(Math.min(100, Math.sqrt(sum / samples.length) * 300));
          frame = requestAnimationFrame(measure);
        };
        measure();
        setPhase((current) => (current === 'starting' ? 'ready' : current));
      } catch (error) {
        if (cancelled) return;
        const why = unavailableReason(error);
        setReason(why);
        setPhase('unavailable');
        onUnavailable(why);
      }
    })();
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      void audio?.close();
    };
  }, [cameraId, microphoneId, onUnavailable, stopStream]);

  useEffect(() => () => stopStream(), [stopStream]);

  // Preparation time, then the countdown, then recording; the timer ticks each second.
  useEffect(() => {
    if (phase !== 'preparing' && phase !== 'countdown' && phase !== 'recording') return;
    const timer = setInterval(() => setSeconds((value) => value + (phase === 'recording' ? 1 : -1)), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const startRecording = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const mimeType = pickMimeType();
    const chunks: Blob[] = [];
    const started = Date.now();
    const rec = new MediaRecorder(media, mimeType ? { mimeType } : {});
    let poster: Promise<Blob | null> = Promise.resolve(null);
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = async () => {
      const video = new Blob(chunks, { type: (rec.mimeType || 'video/webm').split(';')[0] });
      setPhase('ready');
      onRecorded({ taskId: task.id, video, poster: await poster, recordedAt: started });
    };
    rec.start(1000);
    recorder.current = rec;
    setSeconds(0);
    setPhase('recording');
    setTimeout(() => {
      if (preview.current) poster = capturePoster(preview.current);
    }, 1000);
  }, [onRecorded, task.id]);

  useEffect(() => {
    if ((phase === 'preparing' || phase === 'countdown') && seconds <= 0) {
      if (phase === 'preparing') {
        setSeconds(COUNTDOWN_SECONDS);
        setPhase('countdown');
      } else startRecording();
    }
    if (phase === 'recording' && seconds >= task.maxAnswerSeconds) recorder.current?.stop();
  }, [phase, seconds, startRecording, task.maxAnswerSeconds]);

  const begin = () => {
    if (task.preparationSeconds > 0) {
      setSeconds(task.preparationSeconds);
      setPhase('preparing');
    } else {
      setSeconds(COUNTDOWN_SECONDS);
      setPhase('countdown');
    }
  };

  if (phase === 'unavailable') return <Alert severity="warning">{reason}</Alert>;
  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const microphones = devices.filter((d) => d.kind === 'audioinput');
  return (
    <Stack spacing={2}>
      <Box sx={{ position: 'relative', bgcolor: 'black', borderRadius: 1, overflow: 'hidden' }}>
        <video
          ref={preview}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          style={{ width: '100%', display: 'block', maxHeight: 420 }}
        />
        {(phase === 'preparing' || phase === 'countdown' || phase === 'recording') && (
          <Typography
            role="timer"
            aria-live="polite"
            sx={{
              position: 'absolute',
              top: 8,
              left: 8,
              px: 1,
              bgcolor: 'rgba(0,0,0,.6)',
              color: 'white',
              borderRadius: 1,
            }}
          >
            {phase === 'preparing' && `Preparation: ${formatSeconds(seconds)}`}
            {phase === 'countdown' && `Recording in ${seconds}…`}
            {phase === 'recording' && `Recording ${formatSeconds(seconds)} of ${formatSeconds(task.maxAnswerSeconds)}`}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="body2" id="microphone-level">
          Microphone level
        </Typography>
        <LinearProgress variant="determinate" value={level} aria-labelledby="microphone-level" />
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Camera"
          value={cameraId || (cameras[0]?.deviceId ?? '')}
          onChange={(event) => setCameraId(event.target.value)}
          disabled={phase !== 'ready' || cameras.length === 0}
          sx={{ minWidth: 200 }}
        >
          {cameras.map((d, index) => (
            <MenuItem key={d.deviceId} value={d.deviceId}>
              {d.label || `Camera ${index + 1}`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Microphone"
          value={microphoneId || (microphones[0]?.deviceId ?? '')}
          onChange={(event) => setMicrophoneId(event.target.value)}
          disabled={phase !== 'ready' || microphones.length === 0}
          sx={{ minWidth: 200 }}
        >
          {microphones.map((d, index) => (
            <MenuItem key={d.deviceId} value={d.deviceId}>
              {d.label || `Microphone ${index + 1}`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2}>
        {phase === 'recording' ? (
          <Button variant="contained" color="error" onClick={() => recorder.current?.stop()}>
            Stop recording
          </Button>
        ) : (
          <Button variant="contained" onClick={begin} disabled={props.disabled || phase !== 'ready'}>
            Start recording
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
