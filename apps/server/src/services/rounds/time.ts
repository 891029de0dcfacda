/**
 * Wall-clock times in an IANA zone as instants, with Intl only (no time-zone library): a slot generated for
 * "09:00 in Asia/Kolkata" on a date is the instant whose local time there is 09:00, DST included.
 */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of `date` (YYYY-MM-DD) at `clock` (HH:MM, or minutes after midnight) in `timeZone`. */
export function zonedInstant(date: string, clock: string | number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = typeof clock === 'number' ? clock : Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // Two passes: the offset at the first guess can differ from the offset at the answer across a DST change.
  let guess = wall - offsetMs(wall, timeZone);
  guess = wall - offsetMs(guess, timeZone);
  return new Date(guess);
}

export const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A slot's start as people read it: "Mon, 1 Dec 2026, 09:30 (Asia/Kolkata)". */
export function describeInZone(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${text} (${timeZone})`;
}

/** The calendar day after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
