/**
 * Counts CSV records as the bytes stream in (RFC 4180: a line break inside quotes is part of a value, `""` is an
 * escaped quote), so a download can say how many rows it has seen. The header record is not counted.
 */
export class CsvRecordCounter {
  private inQuotes = false;
  private records = 0;
  private pendingContent = false;

  push(text: string): void {
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (char === '"') {
        this.inQuotes = !this.inQuotes;
        this.pendingContent = true;
      } else if (char === '\n' && !this.inQuotes) {
        this.records += 1;
        this.pendingContent = false;
      } else if (char !== '\r') {
        this.pendingContent = true;
      }
    }
  }

  /** Complete data records seen so far; pass `final` once the stream ended to count a last unterminated record. */
  rows(final = false): number {
    const total = this.records + (final && this.pendingContent ? 1 : 0);
    return Math.max(0, total - 1);
  }
}
