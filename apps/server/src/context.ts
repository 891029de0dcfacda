import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from './auth/authenticate';
import type { IdentityClient } from './auth/identity';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/client';
import type { UnreadPublisher } from './services/notifications/live';
import type { Mailer } from './services/notifications/mailer';
import type { NotificationQueue } from './services/notifications/queue';
import type { SmsSender } from './services/sms';
import type { ObjectStorage } from './storage';

/** What every route plugin gets: configuration, the database and the auth services. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  identity: IdentityClient;
  /** The URL browsers reach this server at (fixed by PUBLIC_URL, or derived once listening). */
  publicUrl(): string;
  /** Origins allowed to run the web app against this server (sign-in, CORS with credentials). */
  allowedOrigins(): string[];
  authenticate: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
    /** For handlers outside Fastify's hooks (tus): the actor behind an Authorization header value. */
    resolveActor(authorization: string | null | undefined): Promise<Actor>;
    /** The onRequest hook of routes whose first read checks the session itself (auth/authenticate.ts). */
    inFirstRead: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The same for public reads that show a signed-in caller more: no Authorization header, no check. */
    optionallyInFirstRead: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  };
  sms: SmsSender;
  /** Notification mail: SMTP, or the development outbox (never in production). */
  mailer: Mailer;
  /** The email outbox relay and worker (pg-boss); started when the app is ready, stopped when it closes. */
  notificationQueue: NotificationQueue;
  /** Live unread signals that a statement took over from the notifications trigger, sent after its commit. */
  unreadSignals: UnreadPublisher;
  storage: ObjectStorage;
}
