const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Rewrites the record ends of CSV bytes from LF (PostgreSQL's COPY writes `\n`) to CRLF, as the export's CSV has always
 * ended its records, leaving line breaks inside quoted fields as they are. Chunks may end anywhere, inside a quoted
 * field too: whether the next chunk starts inside quotes is carried over. A doubled quote inside a field closes and
 * reopens the quotes, which leaves the state right.
 *
 * Only the bytes' searches run per byte (`indexOf`, native); the loop here runs once per record and per quote mark.
 */
export class CsvLineEnds {
  private quoted = false;

  crlf(chunk: Buffer): Buffer {
    const length = chunk.length;
    const ends: number[] = [];
    let at = 0;
    // The next quote mark at or after `at`; -1: none in this chunk (then it is not searched for again).
    let quote = -2;
    while (at < length) {
      if (this.quoted) {
        const close = chunk.indexOf(QUOTE, at);
        if (close === -1) break;
        this.quoted = false;
        at = close + 1;
        continue;
      }
      if (quote !== -1 && quote < at) quote = chunk.indexOf(QUOTE, at);
      const end = chunk.indexOf(LINE_FEED, at);
      if (end !== -1 && (quote === -1 || end < quote)) {
        ends.push(end);
        at = end + 1;
        continue;
      }
      if (quote === -1) break;
      this.quoted = true;
      at = quote + 1;
    }
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += chunk.copy(out, to, from, end);
      out[to++] = 0x0d;
      out[to++] = LINE_FEED;
      from = end + 1;
    }
    chunk.copy(out, to, from, length);
    return out;
  }
}
