import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessToken } from '@placely/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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

export function createTokenService(secret: Uint8Array): TokenService {
  return {
    async issueAccessToken({ userId, sessionId }, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
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
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // A correctly signed token without exp would never expire: every claim we rely on must be present.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') throw errors.unauthenticated();
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw errors.tokenExpired();
        throw errors.unauthenticated('Your sign-in is not valid. Sign in again.');
      }
    },
  };
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
