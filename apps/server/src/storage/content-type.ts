import { CONTENT_TYPES } from '@placely/contract';

/** Bytes needed to recognise every type below. */
export const CONTENT_SNIFF_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);

/**
 * The content type from the file's own bytes (magic numbers), never from its name or the browser's claim.
 * Returns undefined for anything not recognised; callers then refuse the file.
 */
export function detectContentType(head: Buffer): string | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return CONTENT_TYPES.pdf; // %PDF-
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return CONTENT_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return CONTENT_TYPES.jpeg;
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return CONTENT_TYPES.webp; // RIFF....WEBP
  }
  // A Word document is a ZIP whose entries include word/ (the first local header usually names [Content_Types].xml).
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && head.includes('word/')) return CONTENT_TYPES.docx;
  if (isWebVtt(head)) return CONTENT_TYPES.vtt;
  return undefined;
}

const WEBVTT = [0x57, 0x45, 0x42, 0x56, 0x54, 0x54]; // "WEBVTT"
/**
 * A WebVTT file opens with an optional UTF-8 byte order mark, then "WEBVTT" followed by a space, a tab, a line break
 * or the end of the file (the WebVTT standard's file signature); and it is text, so no NUL byte.
 */
function isWebVtt(head: Buffer): boolean {
  const offset = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  if (!startsWith(head, WEBVTT, offset)) return false;
  const next = head[offset + WEBVTT.length];
  return (next === undefined || [0x20, 0x09, 0x0a, 0x0d].includes(next)) && !head.includes(0);
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks, the Arabic letter mark): a right-to-left override
 * makes "cv\u202Efdp.exe" display as "cvexe.pdf", disguising a file's real extension.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A display name safe to show and to put in Content-Disposition: no paths, no control or bidi characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(BIDI_CONTROLS, '')
    .replace(LONE_SURROGATES, '')
    .trim();
  // By code points, so a cut never leaves half of a surrogate pair.
  return Array.from(cleaned).slice(0, 200).join('') || 'file';
}
