import { FILE_LINK_TTL_SECONDS } from '@placely/contract';
import { SignJWT } from 'jose';

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
