import { type NotificationKind, notificationKindSchema } from '@placely/contract';
import { jwtVerify, SignJWT } from 'jose';

/** Unsubscribe links carry a signed token naming one person and one kind; they work signed out and do nothing else. */
const AUDIENCE = 'placely-unsubscribe';

export async function signUnsubscribeToken(secret: Uint8Array, userId: number, kind: NotificationKind) {
  // No expiry: an unsubscribe link in an old mail must keep working.
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .sign(secret);
}

export async function verifyUnsubscribeToken(
  secret: Uint8Array,
  token: string,
): Promise<{ userId: number; kind: NotificationKind } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const kind = notificationKindSchema.safeParse(payload.kind);
    if (!Number.isSafeInteger(userId) || userId <= 0 || !kind.success) return null;
    return { userId, kind: kind.data };
  } catch {
    return null;
  }
}
