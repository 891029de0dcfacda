import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors } from '../errors';

/** Keyset paging position "<timestamp ISO>|<uuid>": stable under inserts, cheap on an index of (time, id). */
export interface TimeCursor {
  at: Date;
  id: string;
}

export function encodeTimeCursor(at: Date, id: string): string {
  return `${at.toISOString()}|${id}`;
}

/** Decodes a cursor from the query string; a malformed one is a 400 naming `cursor`. */
export function decodeTimeCursor(cursor: string | undefined): TimeCursor | null {
  if (!cursor) return null;
  const [at, id] = cursor.split('|');
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw errors.validation([{ field: 'cursor', message: 'Not a valid cursor' }]);
  }
  return { at: date, id };
}

/** The page and the cursor of the next one, from `limit + 1` fetched rows. */
export function pageFrom<T>(rows: T[], limit: number, positionOf: (row: T) => TimeCursor) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeTimeCursor(positionOf(last).at, positionOf(last).id) : null,
  };
}

/**
 * Opaque keyset cursors the server signs: base64url(JSON payload) "." a 128-bit HMAC over the scope (what the cursor
 * may be used for, e.g. one opening's responses) and the payload. A cursor is then either one this server issued for
 * that scope or refused, so a forged or edited one never becomes a query, and payloads may carry any key value (a
 * name included) without an escaping scheme.
 */
export interface CursorSigner {
  sign(scope: string, payload: unknown): string;
  /** The payload of a cursor signed for `scope`, or null when it was not (malformed, edited, another scope). */
  open(scope: string, cursor: string): unknown;
}

export function createCursorSigner(secret: Uint8Array): CursorSigner {
  // A key of its own, so a cursor's MAC can never stand in for a token's signature.
  const key = createHmac('sha256', secret).update('placely keyset cursor v1').digest();
  const mac = (scope: string, body: string) =>
    createHmac('sha256', key).update(scope).update('\n').update(body).digest().subarray(0, 16);
  return {
    sign(scope, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(scope, body).toString('base64url')}`;
    },
    open(scope, cursor) {
      const [body, tag, ...rest] = cursor.split('.');
      if (!body || !tag || rest.length > 0) return null;
      const given = Buffer.from(tag, 'base64url');
      const expected = mac(scope, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      } catch {
        return null;
      }
    },
  };
}
