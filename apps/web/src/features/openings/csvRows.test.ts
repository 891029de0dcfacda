import { describe, expect, it } from 'vitest';
import { CsvRecordCounter } from './csvRows';

describe('CsvRecordCounter', () => {
  it('counts data rows, not the header, across chunk boundaries', () => {
    const counter = new CsvRecordCounter();
    counter.push('Name,Answer\r\nAsha,"one');
    expect(counter.rows()).toBe(0);
    counter.push(' ""quoted""\r\nline two"\r\nRavi,x\r');
    expect(counter.rows()).toBe(1);
    counter.push('\n');
    expect(counter.rows()).toBe(2);
  });

  it('counts a last record without a line break once the stream ends', () => {
    const counter = new CsvRecordCounter();
    counter.push('a,b\n1,2\n3,4');
    expect(counter.rows()).toBe(1);
    expect(counter.rows(true)).toBe(2);
  });

  it('has no rows for a header alone', () => {
    const counter = new CsvRecordCounter();
    counter.push('\uFEFFa,b\r\n');
    expect(counter.rows(true)).toBe(0);
  });
});
