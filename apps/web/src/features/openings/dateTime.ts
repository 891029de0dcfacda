import { viewerTimeZone } from '../../lib/dates';

const pad = (n: number) => String(Math.abs(Math.trunc(n))).padStart(2, '0');

/** An ISO instant as the value of a `datetime-local` input, in the browser's time zone. */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The browser's UTC offset at `date`, as "+05:30". */
export function utcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** A `datetime-local` value (local wall time) as ISO 8601 with the browser's offset: "2026-05-01T17:00:00+05:30". */
export function fromLocalDateTimeInput(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return '';
  const [, y, mo, d, h, mi] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  if (Number.isNaN(date.getTime())) return '';
  return `${y}-${mo}-${d}T${h}:${mi}:00${utcOffset(date)}`;
}

/** "Asia/Kolkata (UTC+05:30)". */
export function browserTimeZone(at = new Date()): string {
  const zone = viewerTimeZone();
  return `${zone ? `${zone} ` : ''}(UTC${utcOffset(at)})`;
}

/** The one formatter (lib/dates.ts), for this feature's callers. */
export { formatDateTime } from '../../lib/dates';
