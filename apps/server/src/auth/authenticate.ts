import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { refreshTokenFamilies, users } from '../db/schema';
import { errors } from '../errors';
import type { TokenService } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** Who is calling: the signed-in user and the sign-in session the token belongs to. */
export interface Actor {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The spec's clients send the raw token; standard clients send "Bearer <token>". Both are accepted. */
export function readAccessToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token || undefined;
}

export function createAuthenticator(db: Database, tokens: TokenService) {
  // Every authenticated request runs this lookup: a named prepared statement skips rebuilding and re-planning it.
  const findSignedInUser = db
    .select({ user: users })
    .from(users)
    .innerJoin(
      refreshTokenFamilies,
      and(
        eq(refreshTokenFamilies.id, sql.placeholder('sessionId')),
        eq(refreshTokenFamilies.userId, users.id),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('authenticate_user');

  /** The actor behind an Authorization header value, or a 401 AppError. */
  async function resolveActor(authorization: string | null | undefined): Promise<Actor> {
    const token = readAccessToken(authorization ?? undefined);
    if (!token) throw errors.unauthenticated();
    const claims = await tokens.verifyAccessToken(token);
    const [row] = await findSignedInUser.execute({ sessionId: claims.sessionId, userId: claims.userId });
    if (!row) throw errors.unauthenticated('Your session has ended. Sign in again.');
    return { user: row.user, sessionId: claims.sessionId };
  }

  /** onRequest hook: 401 before anything else is looked at. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.actor = await resolveActor(request.headers.authorization);
  }
  return Object.assign(authenticate, { resolveActor });
}

/** The authenticated actor inside a handler whose route ran the authenticate hook. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw errors.unauthenticated();
  return request.actor;
}
