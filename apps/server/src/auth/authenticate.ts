import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { errors } from '../errors';
import type { AccessClaims, TokenService } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** Who is calling: the signed-in user and the sign-in session the token belongs to. */
export interface Actor {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The verified token's claims, on routes whose first read checks the session (`authenticateInFirstRead`). */
    accessClaims: AccessClaims | null;
  }
}

/** The spec's clients send the raw token; standard clients send "Bearer <token>". Both are accepted. */
export function readAccessToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token || undefined;
}

/**
 * Selected beside the caller's user row by a first read `from users where users.id = :userId` (placeholders
 * `userId` and `sessionId`, from `claimsOf`): the row itself and whether the token's session is still live.
 */
export const signedInColumns = {
  user: users,
  // Spelled out: a one-table select leaves column names unqualified, and inside the subquery "id" would be f.id.
  sessionLive: sql<boolean>`exists(select 1 from refresh_token_families f
    where f.id = ${sql.placeholder('sessionId')} and f.user_id = "users"."id" and f.revoked_at is null)`,
};

/** The actor of a read's `signedInColumns` row: 401 when the user is gone or the token's session has ended. */
function actorOfRow(claims: AccessClaims, row: { user: UserRow | null; sessionLive: boolean } | undefined): Actor {
  if (!row?.user || !row.sessionLive) throw errors.unauthenticated('Your session has ended. Sign in again.');
  return { user: row.user, sessionId: claims.sessionId };
}

export function createAuthenticator(db: Database, tokens: TokenService) {
  // Every authenticated request runs this lookup: a named prepared statement skips rebuilding and re-planning it.
  const findSignedInUser = db
    .select(signedInColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('authenticate_user');

  /** The actor behind an Authorization header value, or a 401 AppError. */
  async function resolveActor(authorization: string | null | undefined): Promise<Actor> {
    const token = readAccessToken(authorization ?? undefined);
    if (!token) throw errors.unauthenticated();
    const claims = await tokens.verifyAccessToken(token);
    const [row] = await findSignedInUser.execute({ sessionId: claims.sessionId, userId: claims.userId });
    return actorOfRow(claims, row);
  }

  /** onRequest hook: 401 before anything else is looked at. */
  async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.actor = await resolveActor(request.headers.authorization);
  }

  /**
   * onRequest hook for the hot routes whose first read starts from the caller's user row: a missing, forged or
   * expired token is refused here as `authenticate` refuses it, and the session check rides in that first read
   * (`signedInColumns`, then `actorFromFirstRead`). A statement fewer is a round trip, a database wake-up and the
   * driver's and ORM's work fewer: a third more requests a second on these routes (bench/results/hot-paths.md).
   */
  async function authenticateInFirstRead(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = readAccessToken(request.headers.authorization);
    if (!token) throw errors.unauthenticated();
    request.accessClaims = await tokens.verifyAccessToken(token);
  }

  /**
   * onRequest hook for public reads that show a signed-in caller more (the form page): without an Authorization
   * header the request goes on signed out; with one, its token is checked as `authenticateInFirstRead` checks it, so
   * a bad or expired token is a 401 rather than a quiet signed-out view.
   */
  async function authenticateOptionallyInFirstRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.headers.authorization) await authenticateInFirstRead(request, reply);
  }
  return Object.assign(authenticate, {
    resolveActor,
    inFirstRead: authenticateInFirstRead,
    optionallyInFirstRead: authenticateOptionallyInFirstRead,
  });
}

/** The verified claims on a route authenticated by `authenticateInFirstRead`, as the first read's placeholders. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.accessClaims) throw errors.unauthenticated();
  return request.accessClaims;
}

/**
 * The actor from a first read's `signedInColumns`, with the row it came in (known to exist from here on): 401 when
 * the user is gone or the session has ended.
 */
export function actorFromFirstRead<Row extends { user: UserRow | null; sessionLive: boolean }>(
  request: FastifyRequest,
  row: Row | undefined,
): { actor: Actor; row: Row } {
  const actor = actorOfRow(claimsOf(request), row);
  request.actor = actor;
  return { actor, row: row as Row };
}

/** The authenticated actor inside a handler whose route ran the authenticate hook. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw errors.unauthenticated();
  return request.actor;
}
