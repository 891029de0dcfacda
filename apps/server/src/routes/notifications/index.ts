import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_STREAM_LIMITS,
  NOTIFICATION_STREAM_MESSAGES,
  NOTIFICATIONS_STREAM_CHECK_SECONDS,
} from '@placely/contract';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { takeOverResponse } from '../../http/take-over';
import { authorize } from '../../policies';
import { presentNotification } from '../../presenters/notification';
import { preferencesOf, savePreferences, unsubscribeEmail } from '../../services/notifications';
import { createUnreadSignals } from '../../services/notifications/live';
import { verifyUnsubscribeToken } from '../../services/notifications/unsubscribe';
import {
  getPreferencesSchema,
  latestDevMailSchema,
  listNotificationsSchema,
  markAllReadSchema,
  markReadSchema,
  putPreferencesSchema,
  streamSchema,
  unreadCountRouteSchema,
  unsubscribeSchema,
} from './schema';

async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** With the listener in place, each stream still checks itself every 15th tick (30 s): a safety net, not the path. */
const SAFETY_CHECK_TICKS = 15;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} — Placely</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#1f2937"><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get('/api/notifications', { ...authenticated, schema: listNotificationsSchema }, async (request) => {
      const actor = actorOf(request);
      const cursor = decodeTimeCursor(request.query.cursor);
      const { limit } = request.query;
      const rows = await ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, actor.user.id),
            eq(notifications.inApp, true),
            cursor
              ? or(
                  lt(notifications.createdAt, cursor.at),
                  and(eq(notifications.createdAt, cursor.at), lt(notifications.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      const { items, nextCursor } = pageFrom(rows, limit, (row) => ({ at: row.createdAt, id: row.id }));
      return ok({
        items: items.map(presentNotification),
        nextCursor,
        unread: await unreadCount(ctx.db, actor.user.id),
      });
    });

    app.get('/api/notifications/unread', { ...authenticated, schema: unreadCountRouteSchema }, async (request) =>
      ok({ unread: await unreadCount(ctx.db, actorOf(request).user.id) }),
    );

    app.post('/api/notifications/read', { ...authenticated, schema: markReadSchema }, async (request) => {
      const actor = actorOf(request);
      const updated = await ctx.db.transaction(async (tx) => {
        // Scoped by recipient in SQL: another person's id is the same 404 as an unknown one.
        const [row] = await tx
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.id, request.body.id),
              eq(notifications.recipientId, actor.user.id),
              eq(notifications.inApp, true),
            ),
          )
          .for('update');
        if (!row) throw errors.notFound('That notification');
        authorize(actor, 'notification.read', row);
        if (row.readAt) return row;
        const [marked] = await tx
          .update(notifications)
          .set({ readAt: sql`now()` })
          .where(eq(notifications.id, row.id))
          .returning();
        return marked ?? row;
      });
      return ok(presentNotification(updated), 'Marked as read');
    });

    app.post('/api/notifications/read/all', { ...authenticated, schema: markAllReadSchema }, async (request) => {
      const actor = actorOf(request);
      await ctx.db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.recipientId, actor.user.id), isNull(notifications.readAt)));
      return ok({ unread: 0 }, 'All marked as read');
    });

    // Live count, pushed: the notifications trigger NOTIFYs the recipient's id, this process's one listener wakes
    // that person's streams, which read the count and speak when it changed (every process listens, so a change
    // made through any of them arrives). While the listener is not in place each stream checks every 2 s itself;
    // with it, a slow safety check remains. The web falls back to polling when the stream fails.
    const streams = new Set<() => void>();
    /** Each person's open streams, oldest first: the newest wins when a person opens more than the cap. */
    const streamsOf = new Map<number, ((why?: 'replaced') => void)[]>();
    const signals = createUnreadSignals(ctx.db, app.log);
    app.addHook('preClose', async () => {
      for (const end of streams) end();
      await signals.close();
    });
    app.get('/api/notifications/stream', { schema: streamSchema }, async (request, reply) => {
      const actor = await ctx.authenticate.resolveActor(request.query.token);
      const userId = actor.user.id;
      // A full process refuses before taking the response over, so the answer is the envelope (the bell polls).
      if (streams.size >= ctx.config.notificationStreamsPerProcess) {
        throw errors.rateLimited(NOTIFICATION_STREAM_MESSAGES.processFull);
      }
      const own = streamsOf.get(userId) ?? [];
      while (own.length >= NOTIFICATION_STREAM_LIMITS.perPerson) own[0]?.('replaced');
      // The stream lives as long as the token that opened it; the web reconnects with the refreshed token.
      const expiresAt = (decodeJwt(request.query.token.replace(/^Bearer\s+/i, '')).exp ?? 0) * 1000;
      const raw = takeOverResponse(reply);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${NOTIFICATIONS_STREAM_CHECK_SECONDS * 1000 * 2}\n\n`);
      let last = -1;
      let beats = 0;
      let checking = false;
      let again = false;
      const check = async (): Promise<void> => {
        if (checking) {
          // A signal during a check: read once more after it, so the latest change is never missed.
          again = true;
          return;
        }
        checking = true;
        try {
          const unread = await unreadCount(ctx.db, userId);
          if (unread !== last) {
            last = unread;
            raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
          } else if (++beats % 10 === 0) {
            raw.write(': keep-alive\n\n');
          }
        } catch (error) {
          request.log.warn({ err: error }, 'notification stream check failed');
        } finally {
          checking = false;
        }
        if (again) {
          again = false;
          await check();
        }
      };
      let ticks = 0;
      const timer = setInterval(() => {
        ticks += 1;
        if (!signals.listening() || ticks % SAFETY_CHECK_TICKS === 0) void check();
      }, NOTIFICATIONS_STREAM_CHECK_SECONDS * 1000);
      const unsubscribe = signals.subscribe(userId, () => void check());
      const expiry = setTimeout(() => end(), Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
      let ended = false;
      const end = (why?: 'replaced') => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(timer);
        clearTimeout(expiry);
        streams.delete(end);
        const mine = streamsOf.get(userId) ?? [];
        mine.splice(mine.indexOf(end), 1);
        if (mine.length === 0) streamsOf.delete(userId);
        // Told why, so the page stops reconnecting (which would close the newer stream in turn) and polls.
        if (why === 'replaced') {
          raw.write(`event: replaced\ndata: ${JSON.stringify({ message: NOTIFICATION_STREAM_MESSAGES.replaced })}\n\n`);
        }
        raw.end();
      };
      streams.add(end);
      streamsOf.set(userId, [...own, end]);
      request.raw.on('close', () => end());
      await check();
    });

    app.get('/api/notifications/preferences', { ...authenticated, schema: getPreferencesSchema }, async (request) =>
      ok({ items: await preferencesOf(ctx.db, actorOf(request).user.id) }),
    );

    app.put('/api/notifications/preferences', { ...authenticated, schema: putPreferencesSchema }, async (request) => {
      const actor = actorOf(request);
      const kinds = request.body.items.map((item) => item.kind);
      if (new Set(kinds).size !== kinds.length) {
        throw errors.validation([{ field: 'items', message: 'Each kind may appear once' }]);
      }
      const items = await ctx.db.transaction(async (tx) => {
        await savePreferences(tx, actor.user.id, request.body.items);
        return preferencesOf(tx, actor.user.id);
      });
      return ok({ items }, 'Notification settings saved');
    });

    // One-click unsubscribe (RFC 8058): mail clients POST a form body; people following the link get a page with a
    // button (a GET never changes anything, so link scanners cannot unsubscribe anyone).
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    const invalidLink = page(
      'This unsubscribe link is not valid',
      '<p>Open your notification settings in Placely to choose which mails you get.</p>',
    );
    app.get('/api/notifications/unsubscribe', { schema: unsubscribeSchema }, async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const claims = await verifyUnsubscribeToken(ctx.config.jwtSecret, request.query.token);
      if (!claims) return reply.code(400).send(invalidLink);
      const label = NOTIFICATION_KIND_LABELS[claims.kind];
      return reply.send(
        page(
          'Unsubscribe',
          `<p>Stop mails for “${escapeHtml(label)}”? You will still see these in Placely.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:16px;padding:10px 18px">Unsubscribe</button></form>`,
        ),
      );
    });
    app.post('/api/notifications/unsubscribe', { schema: unsubscribeSchema }, async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const claims = await verifyUnsubscribeToken(ctx.config.jwtSecret, request.query.token);
      if (!claims) return reply.code(400).send(invalidLink);
      await unsubscribeEmail(ctx.db, claims.userId, claims.kind);
      return reply.send(
        page(
          'You are unsubscribed',
          `<p>You will no longer get mails for “${escapeHtml(NOTIFICATION_KIND_LABELS[claims.kind])}”. You can turn them back on in your notification settings.</p>`,
        ),
      );
    });

    const latest = ctx.mailer.latest;
    if (!ctx.config.isProduction && latest) {
      app.get('/api/dev/mail/latest', { ...authenticated, schema: latestDevMailSchema }, async (request) => {
        const message = latest(actorOf(request).user.email);
        if (!message) throw errors.notFound('A mail to you');
        return ok(message);
      });
    }
  };
}
