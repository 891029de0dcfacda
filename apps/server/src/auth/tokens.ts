import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessToken } from '@placely/contract';
import { SignJWT } from 'jose';
import { errors } from '../errors';

const ISSUER = 'placely';
const AUDIENCE = 'placely-api';

export interface AccessClaims {
  userId: number;
  /** The refresh-token family this access token was issued under (the sign-in session). */
  sessionId: string;
}

export interface TokenService {
  issueAccessToken(claims: AccessClaims, ttlSeconds?: number): Promise<AccessToken>;
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

/**
 * `lifetimeSeconds` is the configured access-token lifetime (ACCESS_TOKEN_TTL_SECONDS): tokens are issued for it and a
 * token whose own lifetime (exp − iat) is longer is refused, even when correctly signed — a leaked secret or a
 * hand-made token must not yield a sign-in that outlives every session check the lifetime stands for.
 */
export function createTokenService(
  secret: Uint8Array,
  lifetimeSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
): TokenService {
  const key = Buffer.from(secret);
  return {
    async issueAccessToken({ userId, sessionId }, ttlSeconds = lifetimeSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ttlSeconds;
      const accessToken = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(secret);
      return { accessToken, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verifyAccessToken(token) {
      const payload = verifiedPayload(token, key, lifetimeSeconds);
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') throw errors.unauthenticated();
      return { userId, sessionId: payload.sid };
    },
  };
}

const invalid = () => errors.unauthenticated('Your sign-in is not valid. Sign in again.');

function jsonObjectOf(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the refusal
  }
  throw invalid();
}

/**
 * Verifies an access token (compact HS256 JWT) synchronously with node:crypto: every request does this, and jose's
 * WebCrypto path costs an asynchronous job per call (~4 % of a signed-in request's CPU under load). Same rules as
 * before: HS256 only, no `crit`, signature compared in constant time over its canonical encoding, issuer and
 * audience ours, and `exp`, `iat`, `sub` required — a correctly signed token without exp would never expire — and
 * no longer-lived than the configured lifetime (a signed token with `exp` in 2100 would otherwise be accepted).
 */
function verifiedPayload(token: string, key: Buffer, lifetimeSeconds: number): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid();
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = jsonObjectOf(encodedHeader);
  if (header.alg !== 'HS256' || 'crit' in header) throw invalid();
  const signature = Buffer.from(encodedSignature, 'base64url');
  const expected = createHmac('sha256', key).update(`${encodedHeader}.${encodedPayload}`).digest();
  if (
    signature.toString('base64url') !== encodedSignature ||
    signature.length !== expected.length ||
    !timingSafeEqual(signature, expected)
  ) {
    throw invalid();
  }
  const payload = jsonObjectOf(encodedPayload);
  const now = Math.floor(Date.now() / 1000);
  const { exp, iat, nbf, sub, iss, aud } = payload;
  if (typeof exp !== 'number' || typeof iat !== 'number' || typeof sub !== 'string') throw invalid();
  if (exp - iat > lifetimeSeconds) throw invalid();
  if (iss !== ISSUER || !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) throw invalid();
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) throw invalid();
  if (exp <= now) throw errors.tokenExpired();
  return payload;
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
