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

// Kept small: every page's first load holds this module (the pages' size budgets); months are in months.ts.
const formats: Record<string, Intl.DateTimeFormat> = {};
export function format(value: When, style: Intl.DateTimeFormatOptions, { locale, timeZone }: Options = {}): string {
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  const key = `${locale}|${timeZone}|${Object.entries(style)}`;
  formats[key] ??= new Intl.DateTimeFormat(locale, { ...style, timeZone });
  return formats[key].format(date);
}

/** "4 Mar 2026" (en-GB), "Mar 4, 2026" (en-US); '' for no or a bad date. */
export const formatDate = (value: When, options?: Options) => format(value, { dateStyle: 'medium' }, options);

/** "4 Mar 2026, 17:30"; '' for no or a bad date. */
export const formatDateTime = (value: When, options?: Options) =>
  format(value, { dateStyle: 'medium', timeStyle: 'short' }, options);

/** "17:30" / "5:30 PM"; '' for no or a bad date. */
export const formatTime = (value: When, options?: Options) => format(value, { timeStyle: 'short' }, options);

/** A date and time naming its zone: "12 Mar 2030, 17:30 GMT+5:30" (deadlines); the input itself when unreadable. */
export const formatDateTimeWithZone = (value: string, options?: Options) =>
  // dateStyle/timeStyle cannot be combined with timeZoneName, hence the separate parts.
  format(
    value,
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    options,
  ) || value;

/** A calendar date (YYYY-MM-DD) as written, without shifting it into a time zone; anything else as given. */
export const formatCalendarDate = (value: string, options?: Pick<Options, 'locale'>) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T00:00:00Z`, { ...options, timeZone: 'UTC' }) : value;

/** The viewer's time zone, e.g. "Asia/Kolkata" ('' when the browser does not say). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}
