import { RESUMABLE_UPLOAD_THRESHOLD_BYTES } from './limits';

// Without zod: the web's first load (the form's file inputs, the upload client) reads these without the schemas;
// files.ts adds the schemas and re-exports them.

/** What an uploaded file is for: each purpose has its own size limit and accepted types (checked by content). */
export const FILE_PURPOSES = [
  'resume',
  'application',
  'photo',
  'logo',
  'video',
  'videoPoster',
  'videoPromptImage',
  'videoPrompt',
  'videoCaptions',
] as const;
/**
 * Video purposes: recognised on the server by reading the container (ffprobe), and limited in size by the server's
 * configuration (VIDEO_MAX_BYTES for answers, VIDEO_PROMPT_MAX_BYTES for prompt videos); FILE_RULES holds defaults.
 */
export const VIDEO_FILE_PURPOSES: readonly FilePurpose[] = ['video', 'videoPrompt'];
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  webm: 'video/webm',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  vtt: 'text/vtt',
} as const;
/** Video containers recognised by reading them (ffprobe on the server), never by name. */
export const VIDEO_CONTENT_TYPES: readonly string[] = [CONTENT_TYPES.webm, CONTENT_TYPES.mp4, CONTENT_TYPES.mov];
/** Default for VIDEO_MAX_BYTES (answers and prompts): 10 minutes of phone video fits. */
export const DEFAULT_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;
/** Default for VIDEO_PROMPT_MAX_BYTES: an organization's short prompt video (a few minutes) fits. */
export const DEFAULT_VIDEO_PROMPT_MAX_BYTES = 200 * 1024 * 1024;

const MB = 1024 * 1024;
/** The still images every image purpose accepts. */
const IMAGE = { contentTypes: [CONTENT_TYPES.png, CONTENT_TYPES.jpeg, CONTENT_TYPES.webp], label: 'PNG, JPEG or WebP' };
export const FILE_RULES: Record<FilePurpose, { maxBytes: number; contentTypes: readonly string[]; label: string }> = {
  resume: { maxBytes: 5 * MB, contentTypes: [CONTENT_TYPES.pdf], label: 'PDF' },
  application: {
    maxBytes: 10 * MB,
    contentTypes: [CONTENT_TYPES.pdf, CONTENT_TYPES.png, CONTENT_TYPES.jpeg, CONTENT_TYPES.webp, CONTENT_TYPES.docx],
    label: 'PDF, Word (.docx), PNG, JPEG or WebP',
  },
  photo: {
    maxBytes: 2 * MB,
    ...IMAGE,
  },
  logo: {
    maxBytes: 2 * MB,
    ...IMAGE,
  },
  /** A video answer; the server's VIDEO_MAX_BYTES overrides maxBytes. */
  video: { maxBytes: DEFAULT_VIDEO_MAX_BYTES, contentTypes: VIDEO_CONTENT_TYPES, label: 'MP4, WebM or MOV video' },
  /** A still frame of an answer, captured in the browser at record time, shown in lists. */
  videoPoster: {
    maxBytes: 2 * MB,
    ...IMAGE,
  },
  /** An organization's image shown above a video task's question on /UploadVideoForTask (public while used). */
  videoPromptImage: {
    maxBytes: 5 * MB,
    ...IMAGE,
  },
  /**
   * An organization's short video shown above a video task's question instead of an image (public while used); the
   * server's VIDEO_PROMPT_MAX_BYTES overrides maxBytes.
   */
  videoPrompt: {
    maxBytes: DEFAULT_VIDEO_PROMPT_MAX_BYTES,
    contentTypes: [CONTENT_TYPES.mp4, CONTENT_TYPES.webm],
    label: 'MP4 or WebM video',
  },
  /** Captions for a prompt video: a WebVTT file (recognised by its WEBVTT header; public while used). */
  videoCaptions: { maxBytes: 256 * 1024, contentTypes: [CONTENT_TYPES.vtt], label: 'WebVTT captions (.vtt)' },
};

/** Files up to this size go in one request (POST /api/files); larger ones through tus at /api/uploads. */
export const ONE_SHOT_UPLOAD_MAX_BYTES = RESUMABLE_UPLOAD_THRESHOLD_BYTES;
export const TUS_ENDPOINT = '/api/uploads';
export const FILE_NAME_MAX = 200;
/**
 * Purposes whose files anyone may read without a link: an organization's logo is shown on its public openings, a
 * video task's prompt image, or prompt video and its captions, on its public answering page — each only while used
 * there.
 * Served at `publicFilePath(id)`; every other purpose stays private behind signed links.
 */
export const PUBLIC_FILE_PURPOSES: readonly FilePurpose[] = [
  'logo',
  'videoPromptImage',
  'videoPrompt',
  'videoCaptions',
];
export const publicFilePath = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}/public`;
/** The file id of an address (absolute or not) shaped like `publicFilePath(id)`, else null. */
export function publicFileIdIn(address: string): string | null {
  let path: string;
  try {
    path = new URL(address, 'http://placely.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/public$/i.exec(path);
  return match?.[1]?.toLowerCase() ?? null;
}
/** Signed download links live this long. */
export const FILE_LINK_TTL_SECONDS = 5 * 60;

/** Human size: 5 MB, 256 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const FILE_MESSAGES = {
  tooLarge: (purpose: FilePurpose, maxBytes = FILE_RULES[purpose].maxBytes) =>
    `The file is larger than ${formatBytes(maxBytes)}.`,
  wrongType: (purpose: FilePurpose) => `This file is not a ${FILE_RULES[purpose].label} file.`,
  empty: 'The file is empty.',
  useResumable: `Files over ${formatBytes(ONE_SHOT_UPLOAD_MAX_BYTES)} upload through ${TUS_ENDPOINT}.`,
  finishedUpload: 'This upload has finished, so it can no longer be cancelled.',
  gone: 'This file is no longer available. Ask for it to be uploaded again.',
  notOrganizationLogo: "That logo belongs to another organization. Upload this organization's own logo.",
} as const;
