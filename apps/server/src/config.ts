import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_VIDEO_MAX_BYTES,
  DEFAULT_VIDEO_PROMPT_MAX_BYTES,
  NOTIFICATION_STREAM_LIMITS,
  z,
} from '@placely/contract';
import type { ResponseChecks } from './http/response-serializer';

const optionalNonEmpty = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. README's configuration table mirrors this. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: optionalNonEmpty.pipe(z.url().optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().default('./.data'),
    JWT_SECRET: optionalNonEmpty.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    GOOGLE_CLIENT_ID: optionalNonEmpty,
    GOOGLE_CLIENT_SECRET: optionalNonEmpty,
    DEV_WEB_ORIGIN: z.url().default('http://localhost:5173'),
    FEEDBACK_URL: z.url().default('https://forms.gle/placely-feedback'),
    HELP_URL: z.url().default('https://placely.app/help'),
    PROFILE_SERVICE_URL: optionalNonEmpty.pipe(z.url().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How responses are checked against their schemas (http/response-serializer.ts); production trusts presenters. */
    RESPONSE_CHECKS: z.enum(['strict', 'trusted']).optional(),
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** How long an access token lives; a token claiming a longer life (exp − iat) is refused (auth/tokens.ts). */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(ACCESS_TOKEN_TTL_SECONDS),
    /** Live notification streams one process holds at once; more are refused with 429 (the bell polls). */
    NOTIFICATION_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).default(NOTIFICATION_STREAM_LIMITS.perProcess),
    TRUST_PROXY: booleanFlag,
    WEB_DIST_DIR: optionalNonEmpty,
    SMS_HTTP_URL: optionalNonEmpty.pipe(z.url().optional()),
    SMS_HTTP_TOKEN: optionalNonEmpty,
    SMS_FROM: z.string().trim().min(1).max(11).default('Placely'),
    SMTP_URL: optionalNonEmpty.pipe(z.url().optional()),
    MAIL_FROM: z.string().trim().min(3).default('Placely <no-reply@placely.app>'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalNonEmpty,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ENDPOINT: optionalNonEmpty.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalNonEmpty,
    S3_SECRET_ACCESS_KEY: optionalNonEmpty,
    S3_FORCE_PATH_STYLE: booleanFlag,
    VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .max(50 * 1024 * 1024 * 1024)
      .default(DEFAULT_VIDEO_MAX_BYTES),
    VIDEO_PROMPT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .max(50 * 1024 * 1024 * 1024)
      .default(DEFAULT_VIDEO_PROMPT_MAX_BYTES),
    FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
    VERIFICATION_ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.GOOGLE_CLIENT_ID) {
        ctx.addIssue({
          code: 'custom',
          path: ['GOOGLE_CLIENT_ID'],
          message: 'is required in production: the development identity provider never runs with NODE_ENV=production',
        });
      }
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
      if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      if (!env.DATABASE_URL)
        ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
      if (!env.SMS_HTTP_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_HTTP_URL'],
          message: 'is required in production: the development SMS sender never runs with NODE_ENV=production',
        });
      if (!env.SMTP_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required in production: the development mail outbox never runs with NODE_ENV=production',
        });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** Fixed public URL, or undefined to derive http://localhost:<port> once listening. */
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: Uint8Array;
  google: { clientId: string; clientSecret: string } | undefined;
  devWebOrigin: string;
  feedbackUrl: string;
  helpUrl: string;
  profileServiceUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  responseChecks: ResponseChecks;
  rateLimitAuthPerMinute: number;
  /** The access-token lifetime: tokens are issued for it, and longer-lived ones refused. */
  accessTokenTtlSeconds: number;
  /** NOTIFICATION_STREAMS_PER_PROCESS: live notification streams this process holds at once. */
  notificationStreamsPerProcess: number;
  trustProxy: boolean;
  webDistDir: string | undefined;
  /** Platform verification admins (spec §3): they approve new verification groups. Lower-cased. */
  verificationAdminEmails: string[];
  /** An HTTP SMS provider, or undefined for the development sender (never in production). */
  sms: { url: string; token: string | undefined; from: string } | undefined;
  /** smtp(s)://user:pass@host:port for notification mail, or undefined for the development outbox (never in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The notification mail queue's timing (tests shorten it). */
  notificationQueue: {
    relayIntervalMs: number;
    retryLimit: number;
    retryDelaySeconds: number;
    pollingIntervalSeconds: number;
  };
  /** Largest video file (answers), in bytes: VIDEO_MAX_BYTES. */
  videoMaxBytes: number;
  /** Largest prompt video (an organization's video above a task's question), in bytes: VIDEO_PROMPT_MAX_BYTES. */
  videoPromptMaxBytes: number;
  /** ffprobe (Debian's ffmpeg package) reads uploaded videos' container type and duration. */
  ffprobePath: string;
  /** S3-compatible object storage, or undefined for local disk under DATA_DIR/files. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const config: Config = {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? localDevelopmentSecret(dataDir, env.NODE_ENV)),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    devWebOrigin: new URL(env.DEV_WEB_ORIGIN).origin,
    feedbackUrl: env.FEEDBACK_URL,
    helpUrl: env.HELP_URL,
    profileServiceUrl: env.PROFILE_SERVICE_URL,
    logLevel: env.LOG_LEVEL,
    responseChecks: env.RESPONSE_CHECKS ?? (env.NODE_ENV === 'production' ? 'trusted' : 'strict'),
    rateLimitAuthPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    notificationStreamsPerProcess: env.NOTIFICATION_STREAMS_PER_PROCESS,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    verificationAdminEmails: [...new Set(env.VERIFICATION_ADMIN_EMAILS)],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    notificationQueue: { relayIntervalMs: 2_000, retryLimit: 8, retryDelaySeconds: 15, pollingIntervalSeconds: 2 },
    videoMaxBytes: env.VIDEO_MAX_BYTES,
    videoPromptMaxBytes: env.VIDEO_PROMPT_MAX_BYTES,
    ffprobePath: env.FFPROBE_PATH,
    sms: env.SMS_HTTP_URL ? { url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, from: env.SMS_FROM } : undefined,
    s3:
      env.STORAGE_DRIVER === 's3' && env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    ...overrides,
  };
  return config;
}

/**
 * Outside production a missing JWT_SECRET gets a random one kept under DATA_DIR, so sessions
 * survive restarts of the embedded default. Tests get a fresh one in memory.
 */
function localDevelopmentSecret(dataDir: string, nodeEnv: Env['NODE_ENV']): string {
  if (nodeEnv === 'test') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
