import { FILE_LINK_TTL_SECONDS } from '@placely/contract';
import { jwtVerify, SignJWT } from 'jose';

/** Audience of signed download links (GET /api/files/download?token=). */
export const FILE_LINK_AUDIENCE = 'placely-file-download';

/**
 * A short-lived signed download link for one file. `uid` names the person it was signed for when there is one (a
 * shortlist link's visitor has none). In the query string: request logs drop query strings.
 */
export async function signFileLink(
  secret: Uint8Array,
  fileId: string,
  uid?: number,
): Promise<{ url: string; expiresAt: string }> {
  const expiresAt = new Date(Date.now() + FILE_LINK_TTL_SECONDS * 1000);
  const token = await new SignJWT(uid === undefined ? {} : { uid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(fileId)
    .setAudience(FILE_LINK_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return { url: `/api/files/download?token=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The file id a download link names, or undefined when the link is forged or expired. */
export async function fileIdOfLink(secret: Uint8Array, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      audience: FILE_LINK_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return payload.sub;
  } catch {
    return undefined;
  }
}

/**
 * The byte range a `Range` header asks for, against a file of `size` bytes: one range only (what media players
 * send). `undefined` means no usable Range header (send the whole file); `'unsatisfiable'` is a 416.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
