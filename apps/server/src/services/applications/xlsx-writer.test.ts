import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from './xlsx-writer';

interface Row {
  n: number;
  text: string;
}

async function workbookOf(batches: Row[][]): Promise<ExcelJS.Worksheet> {
  async function* rows() {
    for (const batch of batches) yield batch;
  }
  const stream = xlsxStream<Row>({
    name: 'Sheet',
    columns: [
      { header: 'N', width: 12, link: false, cell: (row) => row.n },
      { header: 'Text', width: 40, link: false, cell: (row) => row.text },
    ],
    rows: rows(),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsx writer', () => {
  it('writes every batch whole when batches shrink and grow (the encoding buffer is reused between batches)', async () => {
    const batch = (from: number, count: number, text: (n: number) => string) =>
      Array.from({ length: count }, (_, i) => ({ n: from + i, text: text(from + i) }));
    const batches = [
      batch(0, 800, (n) => `long answer ${n} `.repeat(20)),
      batch(800, 3, (n) => `short ${n}`),
      batch(803, 200, (n) => `नमस्ते ${n} — ✓ 😀`),
      batch(1003, 1, () => 'x'),
      batch(1004, 900, (n) => `grown again ${n} `.repeat(30)),
    ];
    const sheet = await workbookOf(batches);
    const expected = batches.flat();
    expect(sheet.rowCount).toBe(expected.length + 1);
    for (const [index, row] of expected.entries()) {
      const written = sheet.getRow(index + 2);
      expect(written.getCell(1).value).toBe(row.n);
      expect(written.getCell(2).value).toBe(row.text);
    }
  });
});
