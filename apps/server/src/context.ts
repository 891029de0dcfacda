import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityClient } from './auth/identity';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/client';
import type { SmsSender } from './services/sms';

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
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  sms: SmsSender;
}
