import { describe, expect, it } from 'vitest';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from './dateTime';

describe('deadline input conversion', () => {
  it('round-trips a local wall time through ISO with the offset', () => {
    const iso = fromLocalDateTimeInput('2026-05-01T17:30');
    expect(iso).toMatch(/^2026-05-01T17:30:00[+-]\d{2}:\d{2}$/);
    expect(toLocalDateTimeInput(iso)).toBe('2026-05-01T17:30');
  });

  it('leaves empty or broken values empty', () => {
    expect(fromLocalDateTimeInput('')).toBe('');
    expect(toLocalDateTimeInput('not a date')).toBe('');
  });
});
