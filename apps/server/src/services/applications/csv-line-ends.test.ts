import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvLineEnds } from './csv-line-ends';

/** A field as COPY's CSV writes it: quoted when it holds a separator, a quote or a line break, quotes doubled. */
const copyField = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

describe('CSV line ends', () => {
  it('ends every record with CRLF and leaves line breaks inside quoted fields alone, however the bytes are split', () => {
    const field = fc.string({
      unit: fc.oneof(fc.constantFrom('"', ',', '\r', '\n', '""', 'a', 'é', '🎉'), fc.string({ maxLength: 1 })),
      maxLength: 8,
    });
    const records = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(records, fc.array(fc.nat(), { maxLength: 6 }), (rows, cuts) => {
        const lines = rows.map((fields) => fields.map(copyField).join(','));
        const bytes = Buffer.from(lines.map((line) => `${line}\n`).join(''));
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const converter = new CsvLineEnds();
        const out: Buffer[] = [];
        let from = 0;
        for (const point of [...points, bytes.length]) {
          out.push(converter.crlf(bytes.subarray(from, point)));
          from = point;
        }
        expect(Buffer.concat(out).toString()).toBe(lines.map((line) => `${line}\r\n`).join(''));
      }),
      { numRuns: 500 },
    );
  });
});
