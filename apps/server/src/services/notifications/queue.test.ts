import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationDeliveries, notifications } from '../../db/schema';
import { seedOpeningInput, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { createSmtpMailer } from './mailer';
import { createInFlight, createNotificationQueue } from './queue';

/** Set once the local SMTP server listens on a port the system chose (CI runs two passes of the tests side by side). */
let SMTP_URL = '';
const timing = { relayIntervalMs: 100, retryLimit: 5, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 };

/** A local SMTP server that refuses the first `refusals` mails with a temporary error, then accepts. */
let refusals = 0;
let attempts = 0;
const received: string[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      attempts++;
      if (refusals > 0) {
        refusals--;
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      received.push(Buffer.concat(chunks).toString('utf8'));
      callback();
    });
  },
});

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  server = await startTestServer({ smtpUrl: SMTP_URL, notificationQueue: timing });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The organization posts an opening and the student applies to it. */
async function applyTo(orgId: number, studentId: number, title = seedOpeningInput().title) {
  const opening = await server.call('/api/organization/openings', {
    token: await server.tokenFor(orgId),
    body: { ...seedOpeningInput(), title },
  });
  const applied = await server.call('/api/placements/campus/apply', {
    token: await server.tokenFor(studentId),
    body: {
      openingId: opening.body.result.data.id,
      idempotencyKey: `key-${crypto.randomUUID()}`,
      answers: { name: 'Asha Verma', email: 'asha@example.com', why: 'APIs.' },
    },
  });
  expect(applied.status).toBe(200);
}

async function applyOnce() {
  const org = await seedOrganization(server.db, { name: 'Acme Technologies' });
  const student = await seedStudent(server.db, { name: 'Asha Verma' });
  await applyTo(org.id, student.id);
  const [notification] = await server.db.select().from(notifications).where(eq(notifications.recipientId, student.id));
  const [delivery] = await server.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.notificationId, notification!.id));
  return { student, notification: notification!, delivery: delivery! };
}

/** The options of a queue of its own on the test server's database, as another process would run it. */
function queueOptions() {
  return {
    ...timing,
    from: 'Placely <no-reply@placely.app>',
    jwtSecret: server.ctx.config.jwtSecret,
    publicUrl: () => server.baseUrl,
  };
}

async function sentRow(id: string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await server.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
    if (row?.status === 'sent') return row;
    if (Date.now() > until) throw new Error(`delivery still ${row?.status} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the notification mail queue', () => {
  it('retries while SMTP refuses, then delivers exactly once', async () => {
    received.length = 0;
    attempts = 0;
    refusals = 2;
    const { notification, delivery } = await applyOnce();
    const sent = await sentRow(delivery.id);
    expect(attempts).toBe(3);
    expect(sent.attempts).toBe(3);
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    const headerEnd = raw.indexOf('\r\n\r\n');
    // Unfold the header (RFC 5322: a line break before whitespace continues the field).
    const mail = `${raw.slice(0, headerEnd).replace(/\r\n[ \t]+/g, ' ')}${raw.slice(headerEnd)}`;
    expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail).toContain(`Message-ID: <${notification.id}@notifications.placely>`);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');

    // Handing the same outbox row to the queue again, or running its job again, sends nothing more.
    await server.db
      .update(notificationDeliveries)
      .set({ enqueuedAt: null })
      .where(eq(notificationDeliveries.id, delivery.id));
    await server.ctx.notificationQueue.relay();
    expect(await server.ctx.notificationQueue.deliver(delivery.id)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toHaveLength(1);
  });

  it('a server stopped between commit and delivery delivers after restart, once', async () => {
    received.length = 0;
    refusals = 0;
    await server.ctx.notificationQueue.stop();
    const { delivery } = await applyOnce();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [waiting] = await server.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, delivery.id));
    expect(waiting).toMatchObject({ status: 'pending', enqueuedAt: null });
    expect(received).toHaveLength(0);

    // Two processes come back at once: each job is delivered by one of them.
    const log = pino({ level: 'silent' });
    const options = queueOptions();
    const restarted = [
      createNotificationQueue(server.db, createSmtpMailer(SMTP_URL), options, log),
      createNotificationQueue(server.db, createSmtpMailer(SMTP_URL), options, log),
    ];
    try {
      await Promise.all(restarted.map((queue) => queue.start()));
      await sentRow(delivery.id);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(received).toHaveLength(1);
      const rows = await server.db
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.id, [delivery.id]));
      expect(rows[0]!.attempts).toBe(1);
    } finally {
      await Promise.all(restarted.map((queue) => queue.stop()));
    }
  });
});

describe('the order of a person’s mails', () => {
  it('is the order their deliveries were written, when one relay hands them over together', async () => {
    received.length = 0;
    refusals = 0;
    await server.ctx.notificationQueue.stop();
    const org = await seedOrganization(server.db, { name: 'Order Labs' });
    const student = await seedStudent(server.db, { name: 'Ira Sen' });
    for (const title of ['First', 'Second', 'Third']) await applyTo(org.id, student.id, `${title} opening`);
    const rows = await server.db
      .select({ id: notificationDeliveries.id, notificationId: notificationDeliveries.notificationId })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .where(eq(notifications.recipientId, student.id));
    expect(rows).toHaveLength(3);
    // Written in the reverse order of their ids: pg-boss orders the jobs of one relay by id, so without putting them
    // back in written order they go out newest first.
    const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const [index, row] of byId.entries()) {
      await server.db
        .update(notificationDeliveries)
        .set({ createdAt: new Date(Date.now() - index * 60_000) })
        .where(eq(notificationDeliveries.id, row.id));
    }
    const written = byId.reverse().map((row) => row.notificationId);

    const queue = createNotificationQueue(
      server.db,
      createSmtpMailer(SMTP_URL),
      queueOptions(),
      pino({ level: 'silent' }),
    );
    try {
      await queue.start();
      for (const row of rows) await sentRow(row.id);
    } finally {
      await queue.stop();
    }
    const sentOrder = received
      .map((raw) => /^Message-ID: <([^@]+)@/m.exec(raw)?.[1])
      .filter((id): id is string => id !== undefined && written.includes(id));
    expect(sentOrder).toEqual(written);
  });
});

describe('stopping the queue', () => {
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('waits for work that settling work starts, as pg-boss completes a handled job without awaiting it', async () => {
    const inFlight = createInFlight(pino({ level: 'silent' }));
    const order: string[] = [];
    const handler = inFlight.track(delay(30).then(() => order.push('handler')));
    // pg-boss sends the completion a few promise steps after the handler settles (its own awaits), untracked by it.
    void handler.then(async () => {
      for (let step = 0; step < 5; step++) await null;
      void inFlight.track(delay(30).then(() => order.push('completion')));
    });
    await inFlight.drain();
    expect(order).toEqual(['handler', 'completion']);
  });

  it('logs a failed statement nobody awaits instead of leaving an unhandled rejection', async () => {
    const log = pino({ level: 'silent' });
    const warn = vi.spyOn(log, 'warn');
    const inFlight = createInFlight(log);
    void inFlight.track(Promise.reject(new Error('Cannot use a pool after calling end on the pool')));
    await inFlight.drain();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Cannot use a pool after calling end on the pool' }),
      'notification queue work failed',
    );
  });

  it('waits for a job handler that outlives pg-boss’s own stop timeout', async () => {
    await server.ctx.notificationQueue.stop();
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    let handlerDone = 0;
    const queue = createNotificationQueue(
      server.db,
      createSmtpMailer(SMTP_URL),
      queueOptions(),
      pino({ level: 'silent' }),
      async () => {
        handlerStarted();
        await delay(5_500);
        handlerDone = Date.now();
      },
    );
    await queue.start();
    const taskId = crypto.randomUUID();
    await queue.scheduleVideoReminders([{ taskId, userId: 1, deadline: new Date().toISOString() }], new Date());
    await started;
    await queue.stop();
    expect(handlerDone).toBeGreaterThan(0);
  }, 30_000);
});
