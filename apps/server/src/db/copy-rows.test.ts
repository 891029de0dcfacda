import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import type { Executor } from './client';
import { CopyTextParser, copyRows, pgClientOf } from './copy-rows';

const TEXT = 25;
const INT4 = 23;
const JSONB = 3802;
const TIMESTAMPTZ = 1184;

const rowsOf = (parser: CopyTextParser, ...chunks: string[]) => {
  const rows = chunks.flatMap((chunk) => parser.rows(Buffer.from(chunk)));
  parser.end();
  return rows;
};

describe('CopyTextParser', () => {
  const fields = [
    { name: 'name', dataTypeID: TEXT },
    { name: 'count', dataTypeID: INT4 },
    { name: 'answers', dataTypeID: JSONB },
    { name: 'at', dataTypeID: TIMESTAMPTZ },
  ];

  it('reads nulls, escapes and types as the driver parses them', () => {
    const parser = new CopyTextParser(fields);
    const text =
      'a\\tb\\nc\\\\d\\re\\bf\\fg\\vh\t7\t{"k": "line\\\\nbreak"}\t2026-11-27 15:00:00.5+00\n' +
      '\\\\N\t\\N\t\\N\t\\N\n';
    expect(rowsOf(parser, text)).toEqual([
      { name: 'a\tb\nc\\d\re\bf\fg\vh', count: 7, answers: { k: 'line\nbreak' }, at: '2026-11-27 15:00:00.5+00' },
      // The text "\N" is escaped by COPY, so only an unescaped \N is null.
      { name: '\\N', count: null, answers: null, at: null },
    ]);
  });

  it('gives the same rows however the bytes are split, through multi-byte characters too', () => {
    const line = 'Zoë 李 🎉\t42\t{"emoji": "🎉", "tab": "\\\\t"}\t2026-01-01 00:00:00+00\n';
    const bytes = Buffer.from(line.repeat(3));
    const whole = rowsOf(new CopyTextParser(fields), line.repeat(3));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const parser = new CopyTextParser(fields);
        const rows = [];
        let from = 0;
        for (const cut of [...cuts.sort((a, b) => a - b), bytes.length]) {
          rows.push(...parser.rows(bytes.subarray(from, cut)));
          from = cut;
        }
        parser.end();
        expect(rows).toEqual(whole);
      }),
    );
    expect(whole[0]).toEqual({
      name: 'Zoë 李 🎉',
      count: 42,
      answers: { emoji: '🎉', tab: '\t' },
      at: '2026-01-01 00:00:00+00',
    });
  });

  it('refuses rows with too few or too many fields, and data that stops inside a row', () => {
    expect(() => new CopyTextParser(fields).rows(Buffer.from('a\t1\t{}\n'))).toThrow('does not have 4 fields');
    expect(() => new CopyTextParser(fields).rows(Buffer.from('a\t1\t{}\t\\N\textra\n'))).toThrow(
      'does not have 4 fields',
    );
    const parser = new CopyTextParser(fields);
    expect(parser.rows(Buffer.from('a\t1\t{}'))).toEqual([]);
    expect(() => parser.end()).toThrow('ended inside a row');
  });

  it('keeps the last of two columns with one name, as the driver does', () => {
    const parser = new CopyTextParser([
      { name: 'x', dataTypeID: TEXT },
      { name: 'x', dataTypeID: INT4 },
    ]);
    expect(rowsOf(parser, 'one\t2\n')).toEqual([{ x: 2 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('copyRows on PostgreSQL', () => {
  const database = useTestDatabase();
  let db: Executor;
  beforeAll(() => {
    db = database.db;
  });

  // Every type the exports read, with the values that are easy to get wrong.
  const statement = `select g as n, g::int8 as big, (g / 3.0)::float8 as ratio, (g / 7.0)::numeric(10, 4) as exact,
      g % 2 = 0 as even, case when g % 5 = 0 then null else 'row ' || g || E'\\t\\n\\\\ "q" é 🎉' end as label,
      jsonb_build_object('g', g, 'text', E'a\\nb', 'list', jsonb_build_array(g, null, 'x')) as answers,
      json_build_object('g', g) as plain_json,
      timestamptz '2026-11-27 10:00:00.123+00' + g * interval '1 second' as at,
      timestamp '2026-11-27 10:00:00' as local_at, date '2026-11-27' as day, interval '1 day 2 hours' as span,
      gen_random_uuid() is not null as has_uuid, array[g, g + 1] as pair, array['a b', null] as words,
      1e300::float8 * 10 as infinite, 'NaN'::float8 as nan, E'\\\\N' as backslash_n
    from generate_series(1, 2500) g order by g`;

  it('gives the rows the driver gives for the same statement', async () => {
    await db.transaction(async (tx) => {
      const client = pgClientOf(tx);
      if (!client) throw new Error('expected a pg connection');
      const expected = ((await tx.execute(sql.raw(statement))) as unknown as { rows: unknown[] }).rows;
      const batches: unknown[][] = [];
      for await (const rows of copyRows(client, statement, 1000)) batches.push(rows);
      expect(batches.map((rows) => rows.length)).toEqual([1000, 1000, 500]);
      expect(batches.flat()).toEqual(expected);
    });
  });

  it('cancels the COPY when the reader stops early, and the transaction goes on', async () => {
    // Two thousand million rows: without the cancel, the COPY would not end within the test's time.
    const many = `select generate_series(1, 2000000000) as g, repeat('x', 100) as filler`;
    await db.transaction(async (tx) => {
      const client = pgClientOf(tx);
      if (!client) throw new Error('expected a pg connection');
      for await (const rows of copyRows(client, many, 1000)) {
        expect(rows.length).toBeGreaterThanOrEqual(1000);
        break;
      }
      const active = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like 'copy (%'`,
      );
      expect((active as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
    // The connection went back to the pool in a usable state.
    const after = await db.execute(sql`select 1 as one`);
    expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });

  it('a cancel that comes after the COPY has finished never cancels what the connection runs next', async () => {
    // About 500 KB: PostgreSQL has often sent all of it into the socket and finished the COPY while the reader still
    // holds its first row, so the cancel request reaches a connection that is idle by then. Before the fix, the
    // request could still be in flight once the transaction had ended and the pool had lent the connection again,
    // and it cancelled that next statement (seen in CI: 57014 on another test's query).
    const statement = `select g, repeat('x', 100) as filler from generate_series(1, 5000) g`;
    for (let round = 0; round < 5; round += 1) {
      let connection: ReturnType<typeof pgClientOf> = null;
      await db.transaction(async (tx) => {
        connection = pgClientOf(tx);
        if (!connection) throw new Error('expected a pg connection');
        for await (const rows of copyRows(connection, statement, 1)) {
          expect(rows[0]?.g).toBe(1);
          break;
        }
      });
      // Back in the pool: what runs on the connection next is someone else's statement.
      const next = connection as unknown as { query(text: string): Promise<{ rows: { slept: boolean }[] }> };
      const slept = await next.query('select pg_sleep(0.05) is not null as slept');
      expect(slept.rows[0]?.slept).toBe(true);
    }
  });

  it('reports a failing statement as an error, without leaving the connection busy', async () => {
    await expect(
      db.transaction(async (tx) => {
        const client = pgClientOf(tx);
        if (!client) throw new Error('expected a pg connection');
        for await (const _ of copyRows(client, 'select 1 / (g - 1500) from generate_series(1, 3000) g', 100)) {
          // Rows until the division by zero.
        }
      }),
    ).rejects.toThrow('division by zero');
    const after = await db.execute(sql`select 1 as one`);
    expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });
});
