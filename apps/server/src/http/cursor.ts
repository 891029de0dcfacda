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
