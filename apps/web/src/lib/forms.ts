import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api/errors';

/**
 * Puts server field errors (ApiError.fields, e.g. "profile.website") next to the form fields.
 * Returns true when at least one field error was applied.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
  prefix = '',
): boolean {
  if (!(error instanceof ApiError) || !error.fields?.length) return false;
  let applied = false;
  for (const { field, message } of error.fields) {
    const name = prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field;
    const root = name.split('.')[0] ?? name;
    if (knownFields.includes(root)) {
      setError(name as FieldPath<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
