import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications, users } from '../../db/schema';
import { lapseOverdueOffers } from '../placement/offers';
import { addressOf, calendarInvitation, hasCalendar } from '../rounds/calendar';
import { answersCopy } from './answers-copy';
import { DIGEST_CRON, DIGEST_QUEUE, digestDayBefore, writeDailyDigests } from './digest';
import { preferencesOf } from './index';
import { type Mailer, mailErrorCode } from './mailer';
import { renderMail } from './templates';
import { signUnsubscribeToken } from './unsubscribe';

export const EMAIL_QUEUE = 'notification-email';
/** Deliveries a worker fetches at once. */
const EMAIL_BATCH = 10;
/** Video task deadline reminders: one delayed job per invited person, sent 24 h before the deadline. */
export const VIDEO_REMINDER_QUEUE = 'video-task-reminder';
export interface VideoReminderJob {
  taskId: string;
  userId: number;
  /** The deadline the job was scheduled for: a moved deadline makes this job a no-op (a new one is scheduled). */
  deadline: string;
}

/** Scheduled messages to candidates (issue #40): one delayed job per batch, at the time it was scheduled for. */
export const MESSAGE_QUEUE = 'candidate-message';
export interface MessageSending {
  /** Sends a batch's messages still scheduled (a cancelled one stays unsent). */
  sendBatch(batchId: string): Promise<unknown>;
  /** Sends scheduled messages past due whose job was lost; run on the relay's timer. */
  sendOverdue(): Promise<unknown>;
}

/** Interview reminders (services/rounds/reminders.ts): a delayed job per booking, a day and an hour before. */
export const ROUND_REMINDER_QUEUE = 'round-reminder';
export interface RoundReminderJob {
  bookingId: string;
  /** The booking's SEQUENCE when scheduled: a moved booking makes this job a no-op (new ones are scheduled). */
  sequence: number;
  which: 'dayBefore' | 'hourBefore';
}

/** Share-link verdict digests: one delayed job per link and due time (services/shortlisting/share-links.ts). */
export const VERDICT_DIGEST_QUEUE = 'shortlist-verdict-digest';
/** Offers past their deadline lapse (placement season): a cron tick a minute; reads see them lapsed before it runs. */
export const OFFER_LAPSE_QUEUE = 'offer-lapse';
const OFFER_LAPSE_CRON = '* * * * *';
export interface VerdictDigestJobData {
  linkId: string;
  dueAt: string;
}

export interface DeliveryOptions {
  from: string;
  jwtSecret: Uint8Array;
  publicUrl(): string;
  /** How often the relay looks for outbox rows not yet handed to the queue. */
  relayIntervalMs: number;
  /** pg-boss retry policy: attempts after the first, the first delay and exponential backoff. */
  retryLimit: number;
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
}

/**
 * pg-boss over the database the app already holds: the `pg` pool on PostgreSQL, the one PGlite connection otherwise
 * (pg-boss's SKIP LOCKED fetch and advisory locks work on PGlite; its multi-statement migrations go through exec).
 * Same queue, same tables on both.
 */
function bossDatabase(db: Database, inFlight: InFlight) {
  const client = (db as unknown as { $client: unknown }).$client as {
    query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    exec?(text: string): Promise<Array<{ rows: unknown[] }>>;
  };
  const run = async (text: string, values?: unknown[]) => {
    if (client.exec && (!values || values.length === 0)) {
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    }
    return client.query(text, values);
  };
  return { executeSql: (text: string, values?: unknown[]) => inFlight.track(run(text, values)) };
}

/**
 * The queue's work in progress — pg-boss's statements and our job handlers — so that `stop()` returns only once all
 * of it is over and the database can close. pg-boss completes or fails a handled job without awaiting that statement,
 * and a handler may outlive `boss.stop()`'s timeout: either would otherwise reach a closed pool. A tracked statement
 * that fails with nobody awaiting it is logged instead of becoming an unhandled rejection (which ends the process).
 */
export interface InFlight {
  track<T>(work: Promise<T>): Promise<T>;
  /** Waits until nothing is in flight, including work started as earlier work settled. */
  drain(): Promise<void>;
}

export function createInFlight(log: FastifyBaseLogger): InFlight {
  const pending = new Set<Promise<unknown>>();
  return {
    track(work) {
      pending.add(work);
      work.then(
        () => pending.delete(work),
        (error: Error & { code?: string }) => {
          pending.delete(work);
          log.warn({ code: error.code, message: error.message }, 'notification queue work failed');
        },
      );
      return work;
    },
    async drain() {
      while (pending.size > 0) {
        await Promise.allSettled([...pending]);
        // A settled handler makes pg-boss send the job's completion on a later tick: let it start, then wait for it.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export interface NotificationQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Hands committed outbox rows to the queue now (the relay also runs on a timer). */
  relay(): Promise<number>;
  /** Sends one delivery, at most once; used by the worker (exported for tests). */
  deliver(deliveryId: string): Promise<'sent' | 'skipped' | 'done' | 'busy'>;
  /**
   * Schedules video-task reminders (pg-boss sendAfter) after the invite committed; the job id names the task, the
   * person and the deadline, so scheduling twice keeps one job.
   */
  scheduleVideoReminders(jobs: VideoReminderJob[], at: Date): Promise<void>;
  /** Schedules the sending of a committed batch of candidate messages; the job id is the batch id. */
  scheduleMessageBatch(batchId: string, at: Date): Promise<void>;
  /** Schedules interview reminders, each at its own time; the job id names booking, sequence and which. */
  scheduleRoundReminders(jobs: Array<{ job: RoundReminderJob; at: Date }>): Promise<void>;
  /**
   * Schedules a share link's verdict digest for its due time (pg-boss sendAfter) after the verdict committed; the job
   * id names the link and the due time, so each verdict may schedule it and one job remains.
   */
  scheduleVerdictDigest(job: VerdictDigestJobData): Promise<void>;
}

export function createNotificationQueue(
  db: Database,
  mailer: Mailer,
  options: DeliveryOptions,
  log: FastifyBaseLogger,
  reminders?: (job: VideoReminderJob) => Promise<unknown>,
  messages?: MessageSending,
  roundReminders?: (job: RoundReminderJob) => Promise<unknown>,
  verdictDigests?: (job: VerdictDigestJobData) => Promise<unknown>,
): NotificationQueue {
  // `schedule`: pg-boss's cron runs the daily digest; with several processes its cron check makes one job per tick.
  const inFlight = createInFlight(log);
  const boss = new PgBoss({ db: bossDatabase(db, inFlight), schedule: true, supervise: true });
  /** A job handler whose run `stop()` waits for. */
  const handled =
    <Jobs extends unknown[]>(handler: (jobs: Jobs) => Promise<void>) =>
    (jobs: Jobs) =>
      inFlight.track(handler(jobs));
  boss.on('error', (error) => log.error({ err: error }, 'notification queue error'));
  let timer: NodeJS.Timeout | undefined;
  let relaying: Promise<number> | undefined;
  let started = false;

  const relayOnce = async (): Promise<number> => {
    const rows = await db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(and(isNull(notificationDeliveries.enqueuedAt), eq(notificationDeliveries.status, 'pending')))
      .orderBy(asc(notificationDeliveries.createdAt))
      .limit(100);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    // Two statements for the whole batch, not two per row. The job id is the delivery id: a second relay (another
    // process, or a crash before the update below) hands over the same ids and pg-boss keeps one job each (its insert
    // skips ids it has); the jobs take the queue's retry policy.
    await boss.insert(ids.map((id) => ({ id, name: EMAIL_QUEUE, data: { deliveryId: id } })));
    await db
      .update(notificationDeliveries)
      .set({ enqueuedAt: sql`now()` })
      .where(inArray(notificationDeliveries.id, ids));
    return rows.length;
  };
  const relay = () => {
    relaying ??= relayOnce().finally(() => {
      relaying = undefined;
    });
    return relaying;
  };

  /**
   * A batch's jobs in the order their deliveries were written. pg-boss fetches by job creation time, then by job id,
   * and a relay inserts its jobs in one statement (one creation time) with the deliveries' random ids as job ids: a
   * person's mails of one batch went out in random order ("is now: Under review" before "Application received").
   */
  const inWrittenOrder = async <Job extends { data: { deliveryId: string } }>(jobs: Job[]): Promise<Job[]> => {
    if (jobs.length < 2) return jobs;
    const rows = await db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        inArray(
          notificationDeliveries.id,
          jobs.map((job) => job.data.deliveryId),
        ),
      )
      .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id));
    const position = new Map(rows.map((row, index) => [row.id, index]));
    // A job whose delivery row is gone goes last; deliver() settles it.
    const at = (job: Job) => position.get(job.data.deliveryId) ?? rows.length;
    return [...jobs].sort((a, b) => at(a) - at(b));
  };

  const deliver: NotificationQueue['deliver'] = async (deliveryId) => {
    // Claim with a lease instead of holding a row lock across the SMTP conversation (on PGlite a transaction would
    // stop every other query meanwhile). A lease left by a crashed worker lapses and the retry takes it over.
    const [claimed] = await db
      .update(notificationDeliveries)
      .set({
        status: 'sending',
        leaseUntil: sql`now() + interval '2 minutes'`,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
      })
      .where(
        and(
          eq(notificationDeliveries.id, deliveryId),
          or(
            eq(notificationDeliveries.status, 'pending'),
            and(eq(notificationDeliveries.status, 'sending'), lt(notificationDeliveries.leaseUntil, sql`now()`)),
          ),
        ),
      )
      .returning();
    if (!claimed) {
      const [row] = await db
        .select({ status: notificationDeliveries.status })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.id, deliveryId));
      return !row || row.status === 'sent' || row.status === 'skipped' ? 'done' : 'busy';
    }
    const [found] = await db
      .select({ notification: notifications, email: users.email, name: users.name })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.recipientId))
      .where(eq(notifications.id, claimed.notificationId));
    const finish = (status: 'sent' | 'skipped', lastError: string | null = null) =>
      db
        .update(notificationDeliveries)
        .set({ status, leaseUntil: null, lastError, sentAt: status === 'sent' ? sql`now()` : null })
        .where(eq(notificationDeliveries.id, deliveryId));
    // A person's own address, read now; an address-only row (an invitation before sign-up) keeps its address.
    const recipientId = found?.notification.recipientId ?? null;
    const to = recipientId !== null ? found?.email : found?.notification.recipientEmail;
    if (!found || !to) {
      await finish('skipped', 'recipient gone');
      return 'skipped';
    }
    const { notification } = found;
    // The person may have unsubscribed between the event and now.
    if (recipientId !== null) {
      const wanted = (await preferencesOf(db, recipientId)).find((p) => p.kind === notification.kind);
      if (!wanted?.email) {
        await finish('skipped', 'unsubscribed');
        return 'skipped';
      }
    }
    const base = options.publicUrl();
    const unsubscribeUrl =
      recipientId === null
        ? null
        : `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(
            await signUnsubscribeToken(options.jwtSecret, recipientId, notification.kind),
          )}`;
    const details =
      notification.kind === 'application.received' && recipientId !== null && notification.payload.applicationId
        ? await answersCopy(db, notification.payload.applicationId, recipientId)
        : [];
    const content = renderMail({
      kind: notification.kind,
      payload: notification.payload,
      recipientName: found.name ?? '',
      actionUrl: `${base}${notification.link}`,
      unsubscribeUrl,
      preferencesUrl: `${base}/notifications`,
      details,
    });
    const attachments = hasCalendar(notification.payload)
      ? [
          {
            filename: 'invite.ics',
            contentType: `text/calendar; charset=utf-8; method=${notification.payload.icsMethod}`,
            content: calendarInvitation(
              notification.payload,
              { name: notification.payload.organizationName || 'Placely', email: addressOf(options.from) },
              `${base}${notification.link}`,
            ),
          },
        ]
      : undefined;
    try {
      await mailer.send({
        ...content,
        ...(attachments ? { attachments } : {}),
        to,
        from: options.from,
        messageId: `<${notification.id}@notifications.placely>`,
        unsubscribeUrl,
        kind: notification.kind,
      });
    } catch (error) {
      const code = mailErrorCode(error);
      await db
        .update(notificationDeliveries)
        .set({ status: 'pending', leaseUntil: null, lastError: code })
        .where(eq(notificationDeliveries.id, deliveryId));
      log.warn({ deliveryId, code, attempt: claimed.attempts }, 'notification mail not accepted; will retry');
      throw new Error(`mail not accepted (${code})`);
    }
    await finish('sent');
    return 'sent';
  };

  return {
    async start() {
      await boss.start();
      await boss.createQueue(EMAIL_QUEUE, {
        name: EMAIL_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      // Jobs are fetched and completed in batches (two statements a batch, not two a job); each delivery still
      // succeeds or fails on its own: a failed one is failed here, so the queue retries it after the backoff, and
      // pg-boss completes only the batch's jobs still active.
      await boss.work<{ deliveryId: string }>(
        EMAIL_QUEUE,
        { batchSize: EMAIL_BATCH, pollingIntervalSeconds: options.pollingIntervalSeconds },
        handled(async (jobs) => {
          for (const job of await inWrittenOrder(jobs)) {
            try {
              // Another worker holds the lease: fail this attempt so the queue tries again after the backoff.
              if ((await deliver(job.data.deliveryId)) === 'busy') throw new Error('delivery busy');
            } catch (error) {
              await boss.fail(EMAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : 'failed' });
            }
          }
        }),
      );
      await boss.createQueue(VIDEO_REMINDER_QUEUE, {
        name: VIDEO_REMINDER_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      await boss.createQueue(DIGEST_QUEUE, {
        name: DIGEST_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      if (reminders) {
        await boss.work<VideoReminderJob>(
          VIDEO_REMINDER_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          handled(async ([job]) => {
            if (!job) return;
            await reminders(job.data);
            await relay();
          }),
        );
      }
      await boss.createQueue(MESSAGE_QUEUE, {
        name: MESSAGE_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      if (messages) {
        await boss.work<{ batchId: string }>(
          MESSAGE_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          handled(async ([job]) => {
            if (!job) return;
            await messages.sendBatch(job.data.batchId);
            await relay();
          }),
        );
      }
      await boss.createQueue(ROUND_REMINDER_QUEUE, {
        name: ROUND_REMINDER_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      if (roundReminders) {
        await boss.work<RoundReminderJob>(
          ROUND_REMINDER_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          handled(async ([job]) => {
            if (!job) return;
            await roundReminders(job.data);
            await relay();
          }),
        );
      }
      await boss.createQueue(VERDICT_DIGEST_QUEUE, {
        name: VERDICT_DIGEST_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      if (verdictDigests) {
        await boss.work<VerdictDigestJobData>(
          VERDICT_DIGEST_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds },
          handled(async ([job]) => {
            if (!job) return;
            await verdictDigests(job.data);
            await relay();
          }),
        );
      }
      await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
      await boss.work(
        DIGEST_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 30, includeMetadata: true },
        handled(async ([job]: PgBoss.JobWithMetadata[]) => {
          if (!job) return;
          // The day follows from when the tick created the job, so a retry the next day still reports the same
          // day; the digest's dedupe key makes a second run for that day write nothing.
          await writeDailyDigests(db, digestDayBefore(new Date(job.createdOn)));
          await relay();
        }),
      );
      await boss.createQueue(OFFER_LAPSE_QUEUE, {
        name: OFFER_LAPSE_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
      });
      await boss.schedule(OFFER_LAPSE_QUEUE, OFFER_LAPSE_CRON, {}, { tz: 'UTC' });
      await boss.work(
        OFFER_LAPSE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 30 },
        handled(async () => {
          if ((await lapseOverdueOffers(db)) > 0) await relay();
        }),
      );
      started = true;
      timer = setInterval(() => {
        relay().catch((error) => log.error({ err: error }, 'notification relay failed'));
        messages
          ?.sendOverdue()
          .catch((error: unknown) => log.error({ err: error }, 'overdue candidate messages failed'));
      }, options.relayIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await relaying?.catch(() => undefined);
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      await inFlight.drain();
      started = false;
      mailer.close();
    },
    relay,
    deliver,
    async scheduleVideoReminders(jobs, at) {
      for (const job of jobs) {
        const id = uuidFromText(`${job.taskId}:${job.userId}:${job.deadline}`);
        await boss.sendAfter(VIDEO_REMINDER_QUEUE, job, { id }, at);
      }
    },
    async scheduleMessageBatch(batchId, at) {
      await boss.sendAfter(MESSAGE_QUEUE, { batchId }, { id: batchId }, at);
    },
    async scheduleRoundReminders(jobs) {
      for (const { job, at } of jobs) {
        const id = uuidFromText(`round:${job.bookingId}:${job.sequence}:${job.which}`);
        await boss.sendAfter(ROUND_REMINDER_QUEUE, job, { id }, at);
      }
    },
    async scheduleVerdictDigest(job) {
      await boss.sendAfter(
        VERDICT_DIGEST_QUEUE,
        job,
        { id: uuidFromText(`${job.linkId}:${job.dueAt}`) },
        new Date(job.dueAt),
      );
    },
  };
}

/** pg-boss job ids are UUIDs: a stable one from a text (the same text, the same id). */
function uuidFromText(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
