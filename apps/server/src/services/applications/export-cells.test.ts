import { type AnswerValue, type LeafField, OTHER_OPTION_ID } from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { applicantFileLink } from '../../routes/responses';
import { useTestDatabase } from '../../test/database';
import { leafCell } from './export';
import { answerAt, floatText, formUrlEncoded, isoText, jsRound, leafCellSql, numberText } from './export-cells';

/**
 * The export's cells as PostgreSQL writes them (export-cells.ts) against the JavaScript they replaced (`leafCell`,
 * `String`, `Math.round`, `URLSearchParams`, `Date#toISOString`): the same text for every value, however odd.
 */

const database = useTestDatabase();
let db: Executor;
beforeAll(() => {
  db = database.db;
});

/**
 * `cell(doc)` for each JSON text in `values`, as the value of `v` in `doc` (null: `doc` has no `v`), in order, run in
 * one statement. On PostgreSQL the statement runs in a parallel worker, as the export's cells do on a large opening:
 * a cell that may not run there (a function with an EXCEPTION block starts a subtransaction) fails here too.
 */
async function cellsOf(values: (string | null)[], cell: (doc: SQL) => SQL): Promise<(string | null)[]> {
  const statement = sql`select ${cell(sql`item.doc`)} as cell
    from jsonb_array_elements(${JSON.stringify(values.map((v) => (v === null ? '{}' : `{"v": ${v}}`)))}::jsonb)
      with ordinality as listed(text, place)
      cross join lateral (select (listed.text #>> '{}')::jsonb as doc) item
    order by listed.place`;
  const result = await db.transaction(async (tx) => {
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL 16 renamed the setting.
      await tx.execute(sql`select set_config(case when current_setting('server_version_num')::int >= 160000
        then 'debug_parallel_query' else 'force_parallel_mode' end, 'on', true)`);
    }
    return tx.execute(statement);
  });
  return (result as unknown as { rows: { cell: string | null }[] }).rows.map((row) => row.cell);
}

/** What the export wrote for a cell in JavaScript: numbers through `String`, no cell as null. */
function shown(cell: ReturnType<typeof leafCell>): string | null {
  if (cell === null) return null;
  return typeof cell === 'object' ? cell.text : String(cell);
}

/** JSON number texts as a form or a seed may hold them: trailing zeros, exponents, huge, tiny, long fractions. */
const numberTexts = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** 20n }),
      fc.stringMatching(/^[0-9]{0,20}$/),
      fc.option(fc.integer({ min: -330, max: 330 }), { nil: undefined }),
    )
    .map(
      ([negative, whole, fraction, exponent]) =>
        `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}${exponent === undefined ? '' : `e${exponent}`}`,
    ),
  fc.constantFrom(
    '0',
    '-0',
    '0.0001',
    '1e15',
    '99999999999999993750e-5',
    '1e21',
    '1e-7',
    '1e-6',
    '123456789012345680000',
    '1e400',
    '1e-400',
  ),
);

/** Text PostgreSQL can hold (no NUL), anything else included: quotes, separators, control characters, emoji. */
const text = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replaceAll('\u0000', ''));

/** Any JSON value, answers of every shape: what an older form version, a changed field or a seed may have stored. */
const jsonValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: numberTexts },
  { weight: 2, arbitrary: text.map((s) => JSON.stringify(s)) },
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          optionId: fc.oneof(fc.constantFrom('a', 'b', 'gone', OTHER_OPTION_ID, ''), fc.integer(), fc.constant(null)),
          optionIds: fc.oneof(
            fc.array(fc.oneof(fc.constantFrom('a', 'b', 'gone', OTHER_OPTION_ID), fc.integer(), fc.constant(null))),
            fc.constant('a'),
          ),
          otherText: fc.oneof(text, fc.integer()),
          name: fc.oneof(text, fc.integer()),
          fileId: fc.oneof(text, fc.constant(null)),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '""', '[]', '{}') },
);

const options = [
  { id: 'a', label: 'Alpha, "one"' },
  { id: 'b', label: '=B' },
  { id: 'a', label: 'A second option with the same id' },
];
const FIELDS: LeafField[] = [
  { id: 'f', type: 'shortText', label: 'Text', required: false },
  { id: 'f', type: 'paragraph', label: 'Paragraph', required: false },
  { id: 'f', type: 'number', label: 'Number', required: false },
  { id: 'f', type: 'linearScale', label: 'Scale', required: false, scaleMin: 1, scaleMax: 5 },
  { id: 'f', type: 'yesNo', label: 'Yes or no', required: false },
  { id: 'f', type: 'singleChoice', label: 'One', required: false, allowOther: true, options },
  { id: 'f', type: 'dropdown', label: 'Dropdown', required: false, options },
  { id: 'f', type: 'multipleChoice', label: 'Many', required: false, allowOther: true, options },
  {
    id: 'f',
    type: 'fileUpload',
    label: 'File',
    required: false,
    acceptedTypes: ['application/pdf'],
    maxBytes: 1024,
  },
] as LeafField[];

/** What the CSV made of a cell: text a spreadsheet would run defused with a quote mark, empty text as no field. */
function csvShown(cell: ReturnType<typeof leafCell>): string | null {
  const text = shown(cell);
  if (text === null || typeof cell === 'number') return text;
  if (text === '') return null;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

describe('export cells in SQL', () => {
  it.each(FIELDS.map((field) => [field.type, field] as const))(
    'a %s answer reads as leafCell writes it, for the CSV',
    async (_type, field) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.option(jsonValue, { nil: null }), { minLength: 1, maxLength: 40 }),
          async (values) => {
            const expected = values.map((v) =>
              leafCell(field, v === null ? undefined : (JSON.parse(v) as AnswerValue)),
            );
            const csv = await cellsOf(values, (doc) => leafCellSql(field, answerAt(doc, 'v')));
            expect(csv).toEqual(expected.map(csvShown));
          },
        ),
        // Found by CI: String() of an object with a "toString" key throws (leafCell must not call the answer's methods).
        { numRuns: 25, examples: [[['{"toString":{}}', '[{"valueOf":1},null,[2,{"toString":"x"}]]', null]]] },
      );
    },
  );

  it('writes numbers as String(Number(text)) does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(numberTexts, { minLength: 1, maxLength: 60 }), async (texts) => {
        const cells = await cellsOf(texts, (doc) => numberText(sql`(${doc} -> 'v')::numeric`));
        expect(cells).toEqual(texts.map((t) => String(JSON.parse(t))));
      }),
      { numRuns: 40 },
    );
  });

  it('rounds and writes computed numbers as Math.round(x * 100) / 100 does', async () => {
    const doubles = fc.oneof(
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.integer({ min: -2000, max: 2000 }).map((n) => n / 200),
      fc.constantFrom(0.005, 0.015, -0.005, 1.005, 2.675, 0.49999999999999994, -0),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(doubles, { minLength: 1, maxLength: 60 }), async (numbers) => {
        const cells = await cellsOf(
          numbers.map((n) => JSON.stringify(n)),
          (doc) => floatText(sql`${jsRound(sql`(${doc} -> 'v')::float8 * 100`)} / 100`),
        );
        expect(cells).toEqual(numbers.map((n) => String(Math.round(n * 100) / 100)));
      }),
      { numRuns: 40 },
    );
  });

  it('escapes a link parameter as URLSearchParams does', async () => {
    const values = fc.oneof(text, fc.uuid(), fc.constantFrom(' ', '*-._~', "!'()", 'a b&c=d', 'é', '🎉', '%41', '+'));
    await fc.assert(
      fc.asyncProperty(fc.array(values, { minLength: 1, maxLength: 40 }), async (strings) => {
        const cells = await cellsOf(
          strings.map((s) => JSON.stringify(s)),
          (doc) => formUrlEncoded(sql`(${doc} ->> 'v')`),
        );
        expect(cells).toEqual(strings.map((s) => new URLSearchParams({ v: s }).toString().slice(2)));
      }),
      { numRuns: 40 },
    );
  });

  it("links an applicant's file in SQL as the server links it", async () => {
    const link = applicantFileLink('https://placely.test', '00000000-0000-4000-8000-0000000000aa');
    const applicationId = '00000000-0000-4000-8000-0000000000bb';
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(text, fc.uuid()), { minLength: 1, maxLength: 20 }), async (fileIds) => {
        const cells = await cellsOf(
          fileIds.map((s) => JSON.stringify(s)),
          (doc) => link.sql(sql`${applicationId}::text`, sql`(${doc} ->> 'v')`),
        );
        expect(cells).toEqual(fileIds.map((fileId) => link(applicationId, fileId)));
      }),
      { numRuns: 20 },
    );
  });

  it('writes timestamps as the Date of their text writes them (microseconds truncated)', async () => {
    const stamps = fc
      .tuple(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), fc.integer({ min: 0, max: 999 }))
      .map(([ms, micro]) => `${new Date(ms).toISOString().slice(0, 23)}${String(micro).padStart(3, '0')}Z`);
    await fc.assert(
      fc.asyncProperty(fc.array(stamps, { minLength: 1, maxLength: 40 }), async (texts) => {
        const cells = await cellsOf(
          texts.map((t) => JSON.stringify(t)),
          (doc) => isoText(sql`(${doc} ->> 'v')::timestamptz`),
        );
        expect(cells).toEqual(texts.map((t) => new Date(t).toISOString()));
      }),
      { numRuns: 20 },
    );
  });
});
