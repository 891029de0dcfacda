import { format } from './dates';

/** Month ranges of profile records, through the one date formatter (dates.ts). */

/** "2024-06" → "Jun 2024"; anything else → "". */
export function formatMonth(month: unknown): string {
  if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) return '';
  return format(`${month}-01T00:00:00`, { month: 'short', year: 'numeric' });
}

/** "Aug 2022 – May 2026", "May 2025 – Present". */
export function formatRange(start: unknown, end: unknown, isCurrent: unknown, currentLabel = 'Present'): string {
  const from = formatMonth(start);
  const to = isCurrent ? currentLabel : formatMonth(end);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}
