import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './dates';

describe('the one date formatter', () => {
  it('writes dates and times in the locale it is given, the same styles everywhere', () => {
    const at = '2030-03-12T12:05:00.000Z';
    expect(formatDate(at, { locale: 'en-GB', timeZone: 'UTC' })).toBe('12 Mar 2030');
    expect(formatDate(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 12, 2030');
    expect(formatDateTime(at, { locale: 'en-GB', timeZone: 'UTC' })).toBe('12 Mar 2030, 12:05');
    expect(formatTime(at, { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('17:35');
    expect(formatCalendarDate('2030-03-12', { locale: 'en-GB' })).toBe('12 Mar 2030');
  });

  it('leaves no date empty-handed or broken', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatCalendarDate('soon')).toBe('soon');
  });

  // Issue 40 defect 13: pages mixed "3/12/2030", "12 Mar 2030" and "Mar 12, 2030, 5:35 PM". Every page now goes
  // through this module; a file formatting a date on its own fails here.
  it('is the only place in the web app that formats dates', () => {
    const src = join(__dirname, '..');
    const files = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(src, file))
      .filter((file) => relative(src, file) !== join('lib', 'dates.ts'));
    const ownFormatting =
      /Intl\.DateTimeFormat|\.toLocaleDateString\(|\.toLocaleTimeString\(|Date\([^)]*\)\.toLocaleString\(/;
    const offenders = files
      .filter((file) => ownFormatting.test(readFileSync(file, 'utf8')))
      .map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });
});
