/**
 * The one place the web turns dates into words (issue 40 defect 13: pages mixed "3/4/2026", "4 Mar 2026" and
 * "Mar 4, 2026, 5:00 PM"): always the viewer's locale (the browser's language, or `locale` where a test pins it) and
 * the same styles — a medium date ("4 Mar 2026" / "Mar 4, 2026"), a short time. A browser test keeps other files from
 * formatting dates themselves (apps/web/src/lib/dates.test.ts).
 */

type When = string | number | Date | null | undefined;

interface Options {
  /** Pins the language (tests); by default the viewer's. */
  locale?: string | undefined;
  /** Shows the wall time of another zone (a round held there); by default the viewer's. */
  timeZone?: string | undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(style: Intl.DateTimeFormatOptions, { locale, timeZone }: Options = {}): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? '', timeZone ?? '', style]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...style, ...(timeZone ? { timeZone } : {}) });
    formats.set(key, format);
  }
  return format;
}

function toDate(value: When): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "4 Mar 2026" (en-GB), "Mar 4, 2026" (en-US); '' for no or a bad date. */
export function formatDate(value: When, options?: Options): string {
  const date = toDate(value);
  return date ? formatter({ dateStyle: 'medium' }, options).format(date) : '';
}

/** "4 Mar 2026, 17:30"; '' for no or a bad date. */
export function formatDateTime(value: When, options?: Options): string {
  const date = toDate(value);
  return date ? formatter({ dateStyle: 'medium', timeStyle: 'short' }, options).format(date) : '';
}

/** "17:30" / "5:30 PM"; '' for no or a bad date. */
export function formatTime(value: When, options?: Options): string {
  const date = toDate(value);
  return date ? formatter({ timeStyle: 'short' }, options).format(date) : '';
}

/** A date and time naming its zone: "12 Mar 2030, 17:30 GMT+5:30" (deadlines); the input itself when unreadable. */
export function formatDateTimeWithZone(value: string, options?: Options): string {
  const date = toDate(value);
  if (!date) return value;
  // dateStyle/timeStyle cannot be combined with timeZoneName, hence the separate parts.
  const parts = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
  return formatter({ ...parts, timeZoneName: 'short' }, options).format(date);
}

/** A calendar date (YYYY-MM-DD) as written, without shifting it into a time zone; anything else as given. */
export function formatCalendarDate(value: string, options?: Pick<Options, 'locale'>): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return formatter({ dateStyle: 'medium' }, { ...options, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** The viewer's time zone, e.g. "Asia/Kolkata" ('' when the browser does not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/** "2024-06" → "Jun 2024"; anything else → "". */
export function formatMonth(month: unknown): string {
  if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) return '';
  return formatter({ month: 'short', year: 'numeric' }).format(new Date(`${month}-01T00:00:00`));
}

/** "Aug 2022 – May 2026", "May 2025 – Present". */
export function formatRange(start: unknown, end: unknown, isCurrent: unknown, currentLabel = 'Present'): string {
  const from = formatMonth(start);
  const to = isCurrent ? currentLabel : formatMonth(end);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}
