import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CONTENT_TYPES } from '@placely/contract';

const run = promisify(execFile);
/** Debian's ffmpeg package installs ffprobe here; FFPROBE_PATH overrides it (config.ts). */
export const DEFAULT_FFPROBE_PATH = 'ffprobe';
const PROBE_TIMEOUT_MS = 60_000;

export interface VideoFacts {
  contentType: string;
  durationSeconds: number;
}

interface ProbeOutput {
  streams?: Array<{ codec_type?: string; codec_name?: string }>;
  format?: { format_name?: string; duration?: string };
  packets?: Array<{ pts_time?: string; duration_time?: string }>;
}

async function ffprobe(ffprobePath: string, args: string[]): Promise<ProbeOutput | undefined> {
  try {
    const { stdout } = await run(ffprobePath, ['-v', 'error', '-of', 'json', ...args], {
      timeout: PROBE_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    // ffprobe exits non-zero for data it cannot read: not a video. A missing binary is the operator's fault.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return undefined;
  }
}

/** The container as a content type: only the three containers browsers record or phones make. */
function containerType(formatName: string, majorBrandIsQuickTime: boolean): string | undefined {
  const names = formatName.split(',');
  if (names.includes('webm') || names.includes('matroska')) return CONTENT_TYPES.webm;
  if (names.includes('mov') || names.includes('mp4'))
    return majorBrandIsQuickTime ? CONTENT_TYPES.mov : CONTENT_TYPES.mp4;
  return undefined;
}

/**
 * Reads a video's container with ffprobe: its type (webm, mp4 or mov — never from the name) and its duration.
 * Chromium's MediaRecorder writes WebM without a duration in the header, so when the container has none the
 * duration is the end of the last packet (pts + duration), read by demuxing packets only — no decoding, so a long
 * file costs a sequential read, not memory. Answers undefined for anything that is not a video with a video stream.
 */
export async function probeVideo(ffprobePath: string, filePath: string): Promise<VideoFacts | undefined> {
  const head = await ffprobe(ffprobePath, [
    '-show_entries',
    'format=format_name,duration:format_tags=major_brand:stream=codec_type,codec_name',
    filePath,
  ]);
  if (!head?.format?.format_name || !head.streams?.some((stream) => stream.codec_type === 'video')) return undefined;
  const brand = (head.format as { tags?: { major_brand?: string } }).tags?.major_brand?.trim();
  const contentType = containerType(head.format.format_name, brand === 'qt');
  if (!contentType) return undefined;
  let durationSeconds = Number(head.format.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    const packets = await ffprobe(ffprobePath, ['-show_entries', 'packet=pts_time,duration_time', filePath]);
    durationSeconds = 0;
    for (const packet of packets?.packets ?? []) {
      const end = Number(packet.pts_time) + (Number(packet.duration_time) || 0);
      if (Number.isFinite(end) && end > durationSeconds) durationSeconds = end;
    }
  }
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return undefined;
  return { contentType, durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
}
