import fastifyCookie from '@fastify/cookie';
import { AUTH_PATHS, POPUP_MESSAGE_SOURCE, REFRESH_TOKEN_TTL_SECONDS, type SignInFailure } from '@placely/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import { readAccessToken } from '../../auth/authenticate';
import type { AuthorizationChecks, VerifiedIdentity } from '../../auth/identity';
import { revokeSession, revokeSessionByToken, rotateSession, startSession } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { htmlResponse, rawResponses, redirectResponse } from '../../http/raw-responses';
import { findOrCreateUserForIdentity } from '../../services/users';
import { POPUP_SCRIPT, popupResultPage } from './popup-page';
import { callbackQuerySchema, refreshResponseSchema, signOutResponseSchema, startQuerySchema } from './schema';

export const REFRESH_COOKIE = 'placely_refresh';
const FLOW_COOKIE = 'placely_oidc';
const FLOW_TTL_SECONDS = 10 * 60;

interface FlowState extends AuthorizationChecks {
  origin: string;
}

/** Tokens signed with the same secret for other uses (access tokens, download links) are never a flow cookie. */
const FLOW_AUDIENCE = 'placely-auth-flow';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only these routes read or set cookies (the refresh token, the sign-in flow): registered here, inside their own
    // scope, the cookie hooks do not run on every other request.
    await app.register(fastifyCookie);
    const secure = () => ctx.publicUrl().startsWith('https:');
    const authRateLimit = { rateLimit: { max: ctx.config.rateLimitAuthPerMinute, timeWindow: '1 minute' } };

    function setRefreshCookie(reply: FastifyReply, token: string) {
      reply.setCookie(REFRESH_COOKIE, token, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(),
        maxAge: REFRESH_TOKEN_TTL_SECONDS,
      });
    }
    function clearRefreshCookie(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'strict', secure: secure() });
    }

    app.get(
      AUTH_PATHS.start,
      {
        config: authRateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Opens sign-in in the popup: redirects to Google (or the development provider)',
          querystring: startQuerySchema,
          response: rawResponses({ 302: redirectResponse('To the identity provider’s sign-in page') }),
        },
      },
      async (request, reply) => {
        const origin = new URL(request.query.origin).origin;
        reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
        if (!ctx.allowedOrigins().includes(origin)) {
          return reply
            .status(403)
            .type('text/html')
            .send(
              popupResultPage(
                { source: POPUP_MESSAGE_SOURCE, ok: false, failure: 'unauthorizedDomain' },
                null,
                'Sign-in is not allowed from this address.',
              ),
            );
        }
        const { url, checks } = await ctx.identity.beginAuthorization(`${origin}${AUTH_PATHS.callback}`);
        const flow = await new SignJWT({ ...checks, origin } satisfies FlowState)
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience(FLOW_AUDIENCE)
          .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
          .sign(ctx.config.jwtSecret);
        // Lax, not Strict: the identity provider's redirect back is a cross-site navigation.
        reply.setCookie(FLOW_COOKIE, flow, {
          path: AUTH_PATHS.callback,
          httpOnly: true,
          sameSite: 'lax',
          secure: secure(),
          maxAge: FLOW_TTL_SECONDS,
        });
        return reply.redirect(url.href, 302);
      },
    );

    app.get(
      AUTH_PATHS.callback,
      {
        config: authRateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Where the identity provider returns; hands the access token to the opener',
          querystring: callbackQuerySchema,
          response: rawResponses({
            200: htmlResponse('The popup’s last page: it posts the access token to the opener and closes'),
          }),
        },
      },
      async (request, reply) => {
        reply.header('Cross-Origin-Opener-Policy', 'unsafe-none').header('Cache-Control', 'no-store');
        reply.clearCookie(FLOW_COOKIE, { path: AUTH_PATHS.callback });
        const flow = await readFlow(request);
        const fail = (failure: SignInFailure, status = 400) =>
          reply
            .status(status)
            .type('text/html')
            .send(
              popupResultPage(
                { source: POPUP_MESSAGE_SOURCE, ok: false, failure },
                flow?.origin ?? null,
                'Sign-in did not finish. You can close this window.',
              ),
            );
        if (!flow) return fail('expired');
        if (request.query.error) return fail(request.query.error === 'access_denied' ? 'cancelled' : 'failed');

        const callbackUrl = new URL(flow.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://placeholder').search;
        let identity: VerifiedIdentity;
        try {
          identity = await ctx.identity.completeAuthorization(callbackUrl, flow);
        } catch (error) {
          request.log.warn({ err: error }, 'identity provider callback rejected');
          return fail('failed');
        }
        if (ctx.identity.provider === 'google' && !identity.emailVerified) return fail('emailNotVerified', 403);

        const user = await findOrCreateUserForIdentity(ctx.db, identity);
        const session = await startSession(ctx.db, user.id);
        const token = await ctx.tokens.issueAccessToken({ userId: user.id, sessionId: session.sessionId });
        setRefreshCookie(reply, session.refreshToken);
        request.log.info({ userId: user.id }, 'signed in');
        return reply
          .type('text/html')
          .send(
            popupResultPage(
              { source: POPUP_MESSAGE_SOURCE, ok: true, ...token },
              flow.origin,
              'Signed in. You can close this window.',
            ),
          );
      },
    );

    app.get('/api/auth/popup.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(POPUP_SCRIPT),
    );

    app.post(
      AUTH_PATHS.refresh,
      {
        config: authRateLimit,
        schema: {
          tags: ['auth'],
          summary: 'Exchanges the refresh-token cookie for a new access token (and a new refresh token)',
          response: { 200: refreshResponseSchema },
        },
      },
      async (request, reply) => {
        const presented = request.cookies[REFRESH_COOKIE];
        if (!presented) throw errors.unauthenticated('You are not signed in.');
        const rotation = await rotateSession(ctx.db, presented);
        if (!rotation.ok) {
          clearRefreshCookie(reply);
          if (rotation.reason === 'reused') request.log.warn('refresh token reused; session revoked');
          throw errors.unauthenticated('Your session has ended. Sign in again.');
        }
        setRefreshCookie(reply, rotation.refreshToken);
        const token = await ctx.tokens.issueAccessToken({ userId: rotation.userId, sessionId: rotation.sessionId });
        return ok(token, 'Token refreshed');
      },
    );

    app.post(
      AUTH_PATHS.signOut,
      {
        schema: {
          tags: ['auth'],
          summary: 'Signs out: revokes this session and clears the refresh cookie',
          response: { 200: signOutResponseSchema },
        },
      },
      async (request, reply) => {
        const presented = request.cookies[REFRESH_COOKIE];
        if (presented) await revokeSessionByToken(ctx.db, presented, 'signed out');
        const accessToken = readAccessToken(request.headers.authorization);
        if (accessToken) {
          const claims = await ctx.tokens.verifyAccessToken(accessToken).catch(() => undefined);
          if (claims) await revokeSession(ctx.db, claims.sessionId, 'signed out');
        }
        clearRefreshCookie(reply);
        return ok(null, 'Signed out');
      },
    );

    async function readFlow(request: FastifyRequest): Promise<FlowState | undefined> {
      const value = request.cookies[FLOW_COOKIE];
      if (!value) return undefined;
      try {
        const { payload } = await jwtVerify(value, ctx.config.jwtSecret, {
          algorithms: ['HS256'],
          audience: FLOW_AUDIENCE,
          requiredClaims: ['exp'],
        });
        return payload as unknown as FlowState;
      } catch {
        return undefined;
      }
    }
  };
}
