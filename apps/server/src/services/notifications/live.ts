import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';

/** The channel the notifications trigger (migration 0015) speaks on; the payload is the recipient's id. */
export const UNREAD_CHANNEL = 'notifications_unread';

/**
 * Tells the open streams of this process whose unread count may have changed, from PostgreSQL LISTEN/NOTIFY: one
 * listening connection per process instead of one query per stream every two seconds. Every process listens, so a
 * row written or read through any process reaches the streams of all of them. PGlite delivers the same NOTIFY to
 * its `listen` (one database, one process). `listening()` is false until the LISTEN is in place or after the
 * connection is lost; the streams then keep their own periodic check.
 */
export interface UnreadSignals {
  subscribe(userId: number, onChange: () => void): () => void;
  listening(): boolean;
  close(): Promise<void>;
}

type PgliteClient = { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> };

export function createUnreadSignals(db: Database, log: FastifyBaseLogger): UnreadSignals {
  const client = (db as unknown as { $client: unknown }).$client;
  const subscribers = new Map<number, Set<() => void>>();
  let active = false;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const dispatch = (payload: string | undefined) => {
    const userId = Number(payload);
    for (const onChange of subscribers.get(userId) ?? []) onChange();
  };

  const start = async () => {
    if (closed || active) return;
    if (typeof (client as Partial<PgliteClient>).listen === 'function') {
      stop = await (client as PgliteClient).listen(UNREAD_CHANNEL, dispatch);
      active = true;
      return;
    }
    // A connection of its own, outside the pool (LISTEN belongs to one session; the pool keeps all its connections
    // for queries), with the pool's connection settings.
    const connection = new pg.Client((client as pg.Pool).options);
    const lost = (error?: Error) => {
      if (!active) return;
      active = false;
      connection.end().catch(() => undefined);
      if (error) log.warn({ code: (error as { code?: string }).code }, 'unread listener lost; streams poll meanwhile');
      if (!closed) {
        retry = setTimeout(() => ensure(), 5_000);
        retry.unref();
      }
    };
    connection.on('error', (error) => lost(error));
    connection.on('end', () => lost(new Error('listener connection ended')));
    connection.on('notification', (message) => dispatch(message.payload));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${UNREAD_CHANNEL}`);
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw error;
    }
    active = true;
    stop = async () => lost();
  };
  const ensure = () => {
    starting ??= start()
      .catch((error: Error & { code?: string }) => {
        log.warn({ code: error.code }, 'unread listener not started; streams poll meanwhile');
      })
      .finally(() => {
        starting = undefined;
      });
    return starting;
  };

  return {
    subscribe(userId, onChange) {
      void ensure();
      let set = subscribers.get(userId);
      if (!set) {
        set = new Set();
        subscribers.set(userId, set);
      }
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0) subscribers.delete(userId);
      };
    },
    listening: () => active,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await starting;
      await stop?.().catch(() => undefined);
      active = false;
    },
  };
}

/**
 * Sends the live unread signals a statement took over from the notifications trigger (`notificationWriteCtes` with
 * `deferUnreadSignal`), after its commit: the recipients gathered over `UNREAD_SIGNAL_BATCH_MS` go out in one
 * statement, one NOTIFY per recipient. The submit uses it so that its transaction takes no part in PostgreSQL's
 * cluster-wide notify lock (migration 0031); a batch still takes it once, for every submit in its window. A signal is
 * a hint to re-read a count (the rows are already committed), so one lost with its process is made good by the
 * streams' own periodic check.
 */
export interface UnreadPublisher {
  publish(recipientIds: readonly number[]): void;
  /** Sends what is waiting now (and waits for a batch on its way). */
  flush(): Promise<void>;
}

/** How long recipients gather before their signals go out: a live count moves this much later, at most. */
export const UNREAD_SIGNAL_BATCH_MS = 20;

export function createUnreadPublisher(db: Database, log: FastifyBaseLogger): UnreadPublisher {
  let waiting = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  const send = (): Promise<void> => {
    timer = undefined;
    if (waiting.size === 0) return sending;
    const ids = [...waiting];
    waiting = new Set();
    // One batch at a time, in order; a failure loses only those signals (the streams' periodic check covers them).
    sending = sending
      .then(() =>
        db.execute(
          sql`select pg_notify(${UNREAD_CHANNEL}, id) from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id`,
        ),
      )
      .then(
        () => undefined,
        (error: Error & { code?: string }) => {
          log.warn({ code: error.code, recipients: ids.length }, 'unread signals not sent; streams poll meanwhile');
        },
      );
    return sending;
  };

  return {
    publish(recipientIds) {
      if (recipientIds.length === 0) return;
      for (const id of recipientIds) waiting.add(id);
      if (!timer) {
        timer = setTimeout(send, UNREAD_SIGNAL_BATCH_MS);
        timer.unref();
      }
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await send();
    },
  };
}
