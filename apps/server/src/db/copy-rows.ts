import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from './client';

/**
 * Types drizzle's node-postgres session hands over as PostgreSQL's text (timestamps, dates, intervals and their
 * arrays) instead of pg's default parse: rows read here must equal the rows `tx.execute()` gives for the same
 * statement (copy-rows.test.ts compares them).
 */
const KEPT_AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

type Parse = (text: string) => unknown;

function parserOf(oid: number): Parse | null {
  return KEPT_AS_TEXT.has(oid) ? null : (pg.types.getTypeParser(oid, 'text') as Parse);
}

/** The pg connection under a transaction on PostgreSQL; null on PGlite (whose driver has no COPY TO STDOUT stream). */
export function pgClientOf(tx: Executor): pg.PoolClient | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? (client as pg.PoolClient) : null;
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY's text format without its backslash escapes (COPY TO writes only these: \\ \b \f \n \r \t \v). */
function unescapeCopyText(text: string): string {
  return text.replace(/\\(.)/gs, (_, char: string) => ESCAPES[char] ?? char);
}

/** Any byte of a multi-byte UTF-8 sequence, as a character of the bytes read as Latin-1. */
const NOT_ASCII = /[\x80-\xff]/g;

/**
 * Reads COPY's text format: rows end in a newline, fields are separated by tabs, `\N` is null. Chunks may split a
 * row (and a UTF-8 character) anywhere; the tail waits for the next chunk.
 *
 * The bytes are read as Latin-1 (one character per byte) and only the fields holding a byte above 127 are decoded as
 * UTF-8. Decoding a whole chunk as UTF-8 would make it, and every field sliced from it, a two-byte string as soon as
 * one character in it is outside Latin-1 (an arrow in a stage history, a name in Devanagari): V8 then parses, copies
 * and encodes all of them at half speed or worse. Tabs, newlines and backslashes are ASCII, and every byte of a
 * multi-byte UTF-8 character is above 127, so the fields are found the same way in either reading.
 */
export class CopyTextParser {
  private tail = '';
  private readonly parsers: (Parse | null)[];
  private readonly values: unknown[];
  /** Makes a row from `values` with one object literal: every row gets the same shape at once. */
  private readonly make: (values: unknown[]) => Record<string, unknown>;

  constructor(fields: { name: string; dataTypeID: number }[]) {
    this.parsers = fields.map((field) => parserOf(field.dataTypeID));
    this.values = new Array(fields.length).fill(null);
    // Later columns of the same name win, as in the driver's rows. The names are written as JSON string literals.
    const last = new Map(fields.map((field, index) => [field.name, index]));
    this.make = new Function(
      'values',
      `return {${[...last].map(([name, index]) => `${JSON.stringify(name)}: values[${index}]`).join(', ')}};`,
    ) as (values: unknown[]) => Record<string, unknown>;
  }

  /** The whole rows that this chunk completes, as objects keyed by column name. */
  rows(chunk: Buffer): Record<string, unknown>[] {
    // The tail holds no newline: the search starts after it, so a long row split over many chunks is scanned once.
    let searched = this.tail.length;
    const text = this.tail + chunk.toString('latin1');
    const rows: Record<string, unknown>[] = [];
    const parsers = this.parsers;
    const count = parsers.length;
    let start = 0;
    // Where the next byte above 127 is, at or after `from` (text.length when there is none).
    let nextWide = -1;
    const wideFrom = (from: number) => {
      NOT_ASCII.lastIndex = from;
      return NOT_ASCII.test(text) ? NOT_ASCII.lastIndex - 1 : text.length;
    };
    for (;;) {
      const end = text.indexOf('\n', searched);
      if (end === -1) break;
      const values = this.values;
      let from = start;
      for (let i = 0; i < count; i++) {
        const tab = text.indexOf('\t', from);
        const last = i === count - 1;
        // COPY escapes tabs in data, so a raw tab is always a separator: exactly count - 1 of them before the newline.
        if (last ? tab !== -1 && tab < end : tab === -1 || tab > end) {
          throw new Error(`COPY row does not have ${count} fields`);
        }
        const to = last ? end : tab;
        let value: unknown = null;
        // `\N` is null; any other backslash starts an escape.
        if (!(to - from === 2 && text.charCodeAt(from) === 92 && text.charCodeAt(from + 1) === 78)) {
          let field = text.slice(from, to);
          if (nextWide < from) nextWide = wideFrom(from);
          if (nextWide < to) field = Buffer.from(field, 'latin1').toString('utf8');
          if (field.indexOf('\\') !== -1) field = unescapeCopyText(field);
          const parse = parsers[i];
          value = parse ? parse(field) : field;
        }
        values[i] = value;
        from = to + 1;
      }
      rows.push(this.make(values));
      start = end + 1;
      searched = start;
    }
    this.tail = text.slice(start);
    return rows;
  }

  /** Throws when the data ended inside a row (a COPY that stopped short). */
  end(): void {
    if (this.tail !== '') throw new Error('COPY data ended inside a row');
  }
}

const dialect = new PgDialect();

/** A statement as COPY takes it: its values (ids, weights) written into its text, since COPY takes no parameters. */
export function withValuesInline(statement: SQL): string {
  return dialect.sqlToQuery(statement.inlineParams()).sql;
}

/**
 * A statement's rows through `COPY (…) TO STDOUT` on the transaction's connection, in batches of `size` rows (the last may
 * be smaller), parsed as the driver parses a query's rows. The database streams the rows without a
 * round trip per batch and the driver does no per-row protocol work, which is what makes an export of every
 * application of an opening close to COPY's own speed. The connection is busy for the whole COPY: nothing else may
 * run on the transaction until the generator ends. When the consumer stops early, the COPY is cancelled and the rest
 * of its data is discarded, so the transaction can end.
 *
 * `text` must be a complete statement without parameters (COPY takes none).
 */
export async function* copyRows(
  client: pg.PoolClient,
  text: string,
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const described = await client.query({ text: `select * from (${text}) as copied limit 0` });
  const parser = new CopyTextParser(described.fields);
  let batch: Record<string, unknown>[] = [];
  for await (const chunk of copyData(client, `copy (${text}) to stdout`)) {
    for (const row of parser.rows(chunk)) {
      batch.push(row);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  parser.end();
  if (batch.length > 0) yield batch;
}

/**
 * A statement's rows as COPY's CSV (`FORMAT csv`: no header, records ending in a line feed, null as an empty field,
 * fields quoted only where they must be), in the chunks PostgreSQL sent, on the transaction's connection; as
 * `copyRows` for the rest.
 */
export function copyCsv(client: pg.PoolClient, text: string): AsyncGenerator<Buffer> {
  return copyData(client, `copy (${text}) to stdout with (format csv)`);
}

/** The data of a `COPY … TO STDOUT` as the connection receives it; cancelled when the consumer stops early. */
async function* copyData(client: pg.PoolClient, copy: string): AsyncGenerator<Buffer> {
  const stream = client.query(copyTo(copy));
  // Read by hand, not with for-await: leaving a for-await loop destroys the stream while the connection still
  // carries the COPY's data, and the connection would never become free again.
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let ended = false;
  const read = async () => {
    try {
      const next = await chunks.next();
      if (next.done) ended = true;
      return next;
    } catch (error) {
      ended = true;
      throw error;
    }
  };
  try {
    for (;;) {
      const next = await read();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    if (!ended) {
      const cancelled = cancelRunning(client, stream);
      // The rows the COPY had already sent are discarded, up to the error the cancel causes (57014, query_canceled).
      // Nobody reads the rows any more, so no error of the COPY's matters now; a broken connection fails the
      // transaction's end instead.
      await (async () => {
        while (!(await chunks.next()).done) {}
      })().catch(() => undefined);
      // A cancel request is not tied to a statement: when the COPY had already finished on the server, a request
      // still in flight would cancel whatever the connection ran next — the transaction's end, or another request's
      // statement once the pool lends the connection again. So the connection is not given back before PostgreSQL
      // has acted on the request (it closes the cancel connection after signalling the backend, and an idle
      // backend ignores the signal).
      await cancelled;
    }
  }
}

interface Cancellable {
  host: string;
  port: number;
  /** What the driver runs on the connection now (node-postgres' own `cancel` checks it too). */
  activeQuery: unknown;
}

/** Longest wait for PostgreSQL to act on a cancel request (it answers in milliseconds; this only bounds a hang). */
const CANCEL_ACKNOWLEDGED_WITHIN_MS = 5_000;

/**
 * Asks PostgreSQL to cancel what the connection runs, through the protocol's cancel request on a connection of its
 * own (as psql's Ctrl-C does): no pooled connection is taken, so stopping a COPY never waits for the pool, which
 * other stopping exports may hold. Resolves once the server has closed that connection, which it does after
 * signalling the backend; at once when the driver no longer runs `query` (then no request is sent).
 */
function cancelRunning(client: pg.PoolClient, query: unknown): Promise<void> {
  const { host, port, activeQuery } = client as unknown as Cancellable;
  if (activeQuery !== query) return Promise.resolve();
  const canceller = new pg.Client({ host, port }) as unknown as {
    connection: { on(event: 'error' | 'end', listener: () => void): void };
    cancel(client: pg.PoolClient, query: unknown): void;
  };
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CANCEL_ACKNOWLEDGED_WITHIN_MS);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    canceller.connection.on('end', done);
    // An error on the cancel connection (it could not connect, say) changes nothing for the export's own connection.
    canceller.connection.on('error', done);
    canceller.cancel(client, query);
  });
}
