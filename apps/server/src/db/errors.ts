/**
 * Whether a database error (or one it wraps: drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique_violation — a constraint that settles a race two requests lost together.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}
