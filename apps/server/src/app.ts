import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { LIMITS } from '@placely/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { createAuthenticator } from './auth/authenticate';
import { registerDevIdentityProvider } from './auth/dev-identity-provider';
import { createIdentityClient } from './auth/identity';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './errors';
import { responseSerializerCompiler } from './http/response-serializer';
import { type RouteQueryRecord, strictQueries } from './http/strict-query';
import { registerUnsafeTextGuard } from './http/unsafe-text';
import { loggerOptions, logRequestCompleted } from './logger';
import { applyRoutes } from './routes/apply';
import { authRoutes } from './routes/auth';
import { candidateRoutes } from './routes/candidates';
import { fileRoutes } from './routes/files';
import { groupRoutes } from './routes/groups';
import { individualRoutes } from './routes/individual';
import { institutionRoutes } from './routes/institutions';
import { messageRoutes } from './routes/messages';
import { notificationRoutes } from './routes/notifications';
import { offerRoutes } from './routes/offers';
import { openingRoutes } from './routes/openings';
import { openingsFeedRoutes } from './routes/openings/feed';
import { organizationRoutes } from './routes/organizations';
import { phoneVerificationRoutes } from './routes/phone-verification';
import { placementRoutes } from './routes/placement';
import { placementNoticeRoutes } from './routes/placement-notices';
import { placementPolicyRoutes } from './routes/placement-policy';
import { placementStatisticsRoutes } from './routes/placement-statistics';
import { portfolioRoutes } from './routes/portfolio';
import { profileRoutes } from './routes/profile';
import { responseRoutes } from './routes/responses';
import { resumeRoutes } from './routes/resume';
import { roundRoutes } from './routes/rounds';
import { shortlistingRoutes } from './routes/shortlisting';
import { rankingRoutes } from './routes/shortlisting/ranking';
import { shortlistRoutes } from './routes/shortlists';
import { systemRoutes } from './routes/system';
import { userRoutes } from './routes/user';
import { verificationRoutes } from './routes/verification';
import { videoTaskRoutes } from './routes/video-tasks';
import { withdrawalRoutes } from './routes/withdrawal';
import { createUnreadPublisher } from './services/notifications/live';
import { createMailer } from './services/notifications/mailer';
import { createNotificationQueue } from './services/notifications/queue';
import { createPageMetaResolver } from './services/page-meta';
import { createPublicPageLoader } from './services/public-pages';
import { sendRoundReminder } from './services/rounds/reminders';
import { sendMessageBatch, sendOverdueMessages } from './services/shortlisting/messages';
import { writeVerdictDigest } from './services/shortlisting/share-links';
import { createSmsSender } from './services/sms';
import { sendVideoTaskReminder } from './services/video/tasks';
import { createStorage } from './storage';
import { defaultWebDistDir, registerWebApp } from './web';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const DEV_CLIENT_ID = 'placely-development';

/**
 * The headers a request-independent middleware (helmet) sets, read once by running it on a stand-in response. A
 * middleware that reads the request or does not finish at once is refused, so a change of helmet's behaviour is seen.
 */
function staticHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string | number | string[]> {
  const set = new Map<string, string | number | string[]>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      set.set(name, typeof value === 'object' ? [...value] : value),
    removeHeader: (name: string) => set.delete(name),
  } as unknown as ServerResponse;
  const request = new Proxy({} as IncomingMessage, {
    get: () => {
      throw new Error('security headers must not depend on the request');
    },
  });
  let finished = false;
  middleware(request, response, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security-header middleware did not finish at once');
  return Object.fromEntries(set);
}

/**
 * One line per request, written when it ends, with the request's method and path in it — instead of Fastify's
 * "incoming request" + "request completed" pair: half the log volume for the same fields (issue #17: logs were ~6 %
 * of a health check's CPU). Errors keep Fastify's own lines. A request that never ends shows in the proxy's log.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else logRequestCompleted(reply.log, request, reply.statusCode, reply.elapsedTime);
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every API route with its query schema (http/strict-query.ts). */
  routeTable: RouteQueryRecord[];
}

export async function buildApp(
  config: Config,
  db: Database,
  options: {
    logStream?: { write(line: string): void };
  } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    logController: new OneLineRequestLog(),
    bodyLimit: LIMITS.requestBodyBytes,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.responseChecks));
  registerErrorHandling(app);
  registerUnsafeTextGuard(app);
  // The API speaks JSON only; a text/plain body is refused with 415 rather than parsed into a string.
  app.removeContentTypeParser('text/plain');

  let listeningUrl: string | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') listeningUrl = `http://localhost:${address.port}`;
  });
  const publicUrl = () => config.publicUrl ?? listeningUrl ?? `http://localhost:${config.port}`;
  const allowedOrigins = () => {
    const origins = [new URL(publicUrl()).origin];
    if (!config.isProduction) origins.push(config.devWebOrigin);
    return origins;
  };

  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const devClientSecret = randomUUID();
  const identity = config.google
    ? createIdentityClient({
        provider: 'google',
        issuer: () => GOOGLE_ISSUER,
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
      })
    : createIdentityClient({
        provider: 'development',
        issuer: () => `${publicUrl()}/oidc`,
        clientId: DEV_CLIENT_ID,
        clientSecret: devClientSecret,
      });
  const mailer = createMailer(config, app.log);
  const notificationQueue = createNotificationQueue(
    db,
    mailer,
    { ...config.notificationQueue, from: config.mailFrom, jwtSecret: config.jwtSecret, publicUrl: () => publicUrl() },
    app.log,
    (job) => sendVideoTaskReminder(db, job),
    { sendBatch: (batchId) => sendMessageBatch(db, batchId), sendOverdue: () => sendOverdueMessages(db) },
    (job) => sendRoundReminder(db, job),
    (job) => writeVerdictDigest(db, job),
  );
  app.addHook('onReady', () => notificationQueue.start());
  app.addHook('onClose', () => notificationQueue.stop());
  const unreadSignals = createUnreadPublisher(db, app.log);
  // Before the database closes: the signals of the last submits still go out.
  app.addHook('onClose', () => unreadSignals.flush());
  const ctx: AppContext = {
    config,
    db,
    tokens,
    identity,
    publicUrl,
    allowedOrigins,
    authenticate: createAuthenticator(db, tokens),
    sms: createSmsSender(config, app.log),
    mailer,
    notificationQueue,
    unreadSignals,
    storage: createStorage(config),
  };

  const profileServiceOrigin = config.profileServiceUrl ? new URL(config.profileServiceUrl).origin : undefined;
  // The same security headers go on every response: helmet's middleware is built once here (the Fastify plugin
  // rebuilt it, parsing the CSP directives, on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Video answers stream from signed same-origin links; a recorded take plays back from the browser's blob.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(profileServiceOrigin ? [profileServiceOrigin] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // The sign-in popup must keep its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction,
  });
  // Helmet's headers do not depend on the request: they are worked out once, and each reply gets them. On the reply,
  // not the raw response: Fastify then writes every header in one `writeHead` (issue #17: ~4 % of a health check).
  // Routes that take the raw response over copy them across (`http/take-over.ts`).
  const headers = staticHeaders(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers carry a person's data unless a route says otherwise (public logos set their own long-lived policy):
    // no browser or proxy cache may keep them. Set first, so a route's own Cache-Control replaces it; here rather than
    // in an onSend hook, which every response would run through.
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    done();
  });
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin === undefined || allowedOrigins().includes(origin)),
    credentials: true,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`), {
        statusCode: 429,
        code: 'FST_ERR_RATE_LIMIT_EXCEEDED',
      }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Placely API',
        version: '0.1.0',
        description:
          'Every response uses the envelope {status, result:{data, message}} or {status:"error", exception:{error:{message, code, fields?}}}. Send the access token in the Authorization header (with or without "Bearer ").',
      },
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  if (!config.google) {
    await registerDevIdentityProvider(app, {
      issuer: () => `${publicUrl()}/oidc`,
      redirectUris: () => allowedOrigins().map((origin) => `${origin}/api/auth/callback`),
      formActionOrigins: allowedOrigins,
      clientId: DEV_CLIENT_ID,
      clientSecret: devClientSecret,
    });
  }

  const routeTable = strictQueries(app);
  await app.register(systemRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(phoneVerificationRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(resumeRoutes(ctx));
  await app.register(individualRoutes(ctx));
  await app.register(portfolioRoutes(ctx));
  await app.register(openingRoutes(ctx));
  await app.register(applyRoutes(ctx));
  await app.register(responseRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(shortlistingRoutes(ctx));
  await app.register(candidateRoutes(ctx));
  await app.register(messageRoutes(ctx));
  await app.register(withdrawalRoutes(ctx));
  await app.register(offerRoutes(ctx));
  await app.register(placementPolicyRoutes(ctx));
  await app.register(rankingRoutes(ctx));
  await app.register(videoTaskRoutes(ctx));
  await app.register(shortlistRoutes(ctx));
  await app.register(roundRoutes(ctx));
  await app.register(placementRoutes(ctx));
  await app.register(openingsFeedRoutes(ctx));
  await app.register(organizationRoutes(ctx));
  await app.register(institutionRoutes(ctx));
  await app.register(placementStatisticsRoutes(ctx));
  await app.register(placementNoticeRoutes(ctx));
  await app.register(groupRoutes(ctx));
  await app.register(verificationRoutes(ctx));
  await registerWebApp(app, config.webDistDir ?? defaultWebDistDir(), {
    pageMeta: createPageMetaResolver(db),
    publicUrl,
    publicPages: createPublicPageLoader(app),
  });

  return { app, ctx, routeTable };
}
