const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });

/** "2024-06" → "Jun 2024"; anything else → "". */
export function formatMonth(month: unknown): string {
  if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) return '';
  return monthFormat.format(new Date(`${month}-01T00:00:00`));
}

/** "Aug 2022 – May 2026", "May 2025 – Present". */
export function formatRange(start: unknown, end: unknown, isCurrent: unknown, currentLabel = 'Present'): string {
  const from = formatMonth(start);
  const to = isCurrent ? currentLabel : formatMonth(end);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}
