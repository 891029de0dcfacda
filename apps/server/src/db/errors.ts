/** The SQLSTATE of a database error, or of one it wraps (drizzle puts the driver's error in `cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** Whether a database error is PostgreSQL's unique_violation — a constraint that settles a race two requests lost together. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

/**
 * Text PostgreSQL cannot store (NUL in text: 22P05 untranslatable_character / 22021; lone surrogates in jsonb: 22P05).
 * The contract refuses such input first; this only keeps a missed case a 400.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = databaseErrorCode(error);
  return code === '22P05' || code === '22021';
}
