import { Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A streaming XLSX writer for one sheet of plain cells: text, numbers, hyperlinks, a bold frozen header row and
 * column widths — what the export needs and no more. Rows are XML-encoded straight into a deflate stream inside a
 * zip written on the fly (sizes and checksums follow each entry), so memory stays flat however many rows there
 * are; only the hyperlink targets are kept until the sheet ends, where the format lists them.
 */
export type XlsxCell = string | number | null;

export interface XlsxColumn<Row> {
  header: string;
  width: number;
  /** The column's cell of a row (null or undefined: no cell). */
  cell: (row: Row) => XlsxCell | undefined;
  /** Text cells of this column are links: each is written as its text and listed as a hyperlink to it. */
  link: boolean;
}

export interface XlsxSheet<Row> {
  name: string;
  columns: XlsxColumn<Row>[];
  /** Batches of rows, in order. */
  rows: AsyncIterable<readonly Row[]>;
}

// Characters XML 1.0 cannot hold (control characters other than tab and line breaks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as XML character data: characters XML cannot hold dropped, markup characters escaped. */
export function xml(text: string): string {
  // One pass over the text first: most cells hold nothing to drop or escape, and then the text is written as it is.
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    // & < > " · control characters other than tab, line feed, carriage return · U+FFFE, U+FFFF
    if (
      char === 38 ||
      char === 60 ||
      char === 62 ||
      char === 34 ||
      (char < 32 && char !== 9 && char !== 10 && char !== 13) ||
      char >= 0xfffe
    ) {
      return text.replace(INVALID_XML, '').replace(XML_SPECIAL, (special) => ESCAPES[special] as string);
    }
  }
  return text;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const RELS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_FILES: [string, string][] = [
  [
    '[Content_Types].xml',
    `${HEADER}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELS_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELS_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELS_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    // Style 0 is the default, style 1 the bold header.
    `${HEADER}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  ],
];

interface Entry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

// 1980-01-01 00:00 in MS-DOS time: the entries carry no meaningful time.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** Sizes follow the data (bit 3); names are UTF-8 (bit 11). */
const FLAGS = 0x0808;

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressedSize, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: Entry[], offset: number): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(DOS_TIME, 12);
    record.writeUInt16LE(DOS_DATE, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.compressedSize, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const size = records.reduce((sum, record) => sum + record.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...records, end]);
}

function headerRow(columns: { header: string }[], refs: string[]): string {
  const cells = columns.map(
    (column, index) => `<c r="${refs[index]}1" s="1" t="inlineStr"><is><t>${xml(column.header)}</t></is></c>`,
  );
  return `<row r="1">${cells.join('')}</row>`;
}

/**
 * A batch's XML is encoded in pieces of about this many UTF-16 code units rather than as one string: a string above
 * 128 KB goes to V8's large-object space when it is flattened for encoding, and a ~2 MB string per batch let the
 * server's memory grow by 57–91 MB during an export on a warm server, against 28–34 MB in pieces
 * (bench/results/hot-paths.md, 2026-11-27).
 */
const PIECE = 48 * 1024;

/**
 * A reusable byte buffer that text is encoded into piece by piece; it grows to the largest batch's bytes. `take` hands
 * out a view of what was written and starts over: the view must be done with (deflate has consumed it) before the
 * next `append`.
 */
class Encoded {
  private bytes = Buffer.alloc(0);
  private used = 0;

  append(text: string): void {
    // UTF-8 needs at most three bytes per UTF-16 code unit.
    const needed = this.used + text.length * 3;
    if (needed > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
  }

  take(): Buffer {
    const written = this.bytes.subarray(0, this.used);
    this.used = 0;
    return written;
  }
}

/** Encodes a batch of rows into `out`: the sheet's XML, with each hyperlink's cell and target added to `links`. */
function rowsXml<Row>(
  batch: readonly Row[],
  firstRow: number,
  cells: XlsxColumn<Row>['cell'][],
  isLink: boolean[],
  refs: string[],
  opens: string[],
  links: { refs: string[]; targets: string[] },
  out: Encoded,
): void {
  const count = cells.length;
  let text = '';
  let rowNumber = firstRow;
  for (const row of batch) {
    const rowRef = `${rowNumber}"`;
    text += `<row r="${rowNumber}">`;
    for (let index = 0; index < count; index++) {
      const cell = (cells[index] as XlsxColumn<Row>['cell'])(row);
      if (cell === null || cell === undefined) continue;
      if (typeof cell === 'number') {
        text += `${opens[index]}${rowRef}><v>${cell}</v></c>`;
        continue;
      }
      if (isLink[index]) {
        links.refs.push(`${refs[index]}${rowNumber}`);
        links.targets.push(cell);
      }
      text += `${opens[index]}${rowRef} t="inlineStr"><is><t xml:space="preserve">${xml(cell)}</t></is></c>`;
    }
    text += '</row>';
    rowNumber += 1;
    if (text.length >= PIECE) {
      out.append(text);
      text = '';
    }
  }
  out.append(text);
}

export function xlsxStream<Row>(sheet: XlsxSheet<Row>): Readable {
  const refs = sheet.columns.map((_, index) => columnName(index));
  const cells = sheet.columns.map((column) => column.cell);
  const isLink = sheet.columns.map((column) => column.link);
  // Each cell's opening `<c r="AB` is made once per sheet; the row number and its closing quote once per row.
  const opens = refs.map((ref) => `<c r="${ref}`);
  async function* zip(): AsyncGenerator<Buffer> {
    const entries: Entry[] = [];
    let offset = 0;
    function* whole(fileName: string, text: string): Generator<Buffer> {
      const name = Buffer.from(fileName);
      const data = Buffer.from(text);
      const compressed = deflateRawSync(data);
      const entry = { name, crc: crc32(data), compressedSize: compressed.length, size: data.length, offset };
      entries.push(entry);
      for (const part of [localHeader(name), compressed, dataDescriptor(entry)]) {
        offset += part.length;
        yield part;
      }
    }
    for (const [fileName, text] of STATIC_FILES) yield* whole(fileName, text);
    yield* whole(
      'xl/workbook.xml',
      `${HEADER}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELS_NS}"><sheets>` +
        `<sheet name="${xml(sheet.name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );

    // The sheet: streamed through one deflate stream.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const entry: Entry = { name, crc: 0, compressedSize: 0, size: 0, offset };
    entries.push(entry);
    const header = localHeader(name);
    offset += header.length;
    yield header;
    // Output in 64 KiB pieces rather than 16 KiB: a quarter of the callbacks for the same bytes.
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION, chunkSize: 64 * 1024 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
    });
    const feed = (data: Buffer) => {
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      return new Promise<void>((resolve, reject) =>
        deflate.write(data, (error) => (error ? reject(error) : resolve())),
      );
    };
    function* drain(): Generator<Buffer> {
      for (const chunk of compressed.splice(0)) {
        entry.compressedSize += chunk.length;
        offset += chunk.length;
        yield chunk;
      }
    }
    const widths = sheet.columns
      .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
      .join('');
    await feed(
      Buffer.from(
        `${HEADER}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELS_NS}"><sheetViews><sheetView workbookViewId="0">` +
          '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
          `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>${headerRow(sheet.columns, refs)}`,
      ),
    );
    yield* drain();
    const links = { refs: [] as string[], targets: [] as string[] };
    let rowNumber = 1;
    // Each batch is turned into XML while the previous one is being compressed (deflate runs off the main thread), and
    // at most one batch waits for the compressor, so memory stays flat: two buffers take turns, one being filled while
    // deflate reads the other.
    const encoded = [new Encoded(), new Encoded()] as const;
    let turn = 0;
    let compressing: Promise<void> | null = null;
    for await (const batch of sheet.rows) {
      const out = encoded[turn] as Encoded;
      rowsXml(batch, rowNumber + 1, cells, isLink, refs, opens, links, out);
      rowNumber += batch.length;
      if (compressing) await compressing;
      yield* drain();
      compressing = feed(out.take());
      turn = 1 - turn;
    }
    if (compressing) await compressing;
    yield* drain();
    const hyperlinks = links.refs.length
      ? `<hyperlinks>${links.refs.map((ref, index) => `<hyperlink ref="${ref}" r:id="rId${index + 1}"/>`).join('')}</hyperlinks>`
      : '';
    await feed(Buffer.from(`</sheetData>${hyperlinks}</worksheet>`));
    deflate.end();
    await ended;
    yield* drain();
    const descriptor = dataDescriptor(entry);
    offset += descriptor.length;
    yield descriptor;

    if (links.targets.length > 0) {
      yield* whole(
        'xl/worksheets/_rels/sheet1.xml.rels',
        `${HEADER}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${links.targets
          .map(
            (target, index) =>
              `<Relationship Id="rId${index + 1}" Type="${RELS_NS}/hyperlink" Target="${xml(target)}" TargetMode="External"/>`,
          )
          .join('')}</Relationships>`,
      );
    }
    yield centralDirectory(entries, offset);
  }
  return Readable.from(zip());
}
