import type { FieldErrors } from 'react-hook-form';

/** The first error in the order the editor shows its inputs (zod reports issues in schema order). */
export function firstErrorPath(errors: FieldErrors | Record<string, unknown>, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string' && 'type' in record) return path;
    const nested = firstErrorPath(record, path);
    if (nested !== null) return nested;
  }
  return null;
}
