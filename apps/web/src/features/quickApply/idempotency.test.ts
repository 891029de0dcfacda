import { idempotencyKeySchema } from '@placely/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  beginSubmit,
  isRetryableSubmitFailure,
  newIdempotencyKey,
  pendingSubmitStorageKey,
  readPendingSubmit,
  settleSubmit,
} from './idempotency';

const opening = '6f1c1a52-6c2e-4c4f-9a51-5b0c9d1d2e3f';

beforeEach(() => localStorage.clear());

describe('idempotency keys', () => {
  it('are random and in the contract format', () => {
    const a = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(a).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('are kept across retries of one attempt until the server answers', () => {
    const first = beginSubmit(opening, 7, { name: 'Asha' });
    const retry = beginSubmit(opening, 7, { name: 'Asha V' });
    expect(retry.key).toBe(first.key);
    expect(readPendingSubmit(opening, 7)).toEqual({ ...first, answers: { name: 'Asha V' } });
    // Another person on the same device has their own attempt.
    expect(beginSubmit(opening, 8, null).key).not.toBe(first.key);
    settleSubmit(opening, 7);
    expect(readPendingSubmit(opening, 7)).toBeNull();
    expect(beginSubmit(opening, 7, null).key).not.toBe(first.key);
  });

  it('ignores a damaged stored attempt', () => {
    localStorage.setItem(pendingSubmitStorageKey(opening, 7), JSON.stringify({ key: 'short', startedAt: 'x' }));
    expect(readPendingSubmit(opening, 7)).toBeNull();
  });

  it('retries only when the outcome is unknown or temporary', () => {
    expect(isRetryableSubmitFailure(0)).toBe(true);
    expect(isRetryableSubmitFailure(503)).toBe(true);
    expect(isRetryableSubmitFailure(429)).toBe(true);
    for (const status of [400, 403, 404, 409]) expect(isRetryableSubmitFailure(status)).toBe(false);
  });
});
