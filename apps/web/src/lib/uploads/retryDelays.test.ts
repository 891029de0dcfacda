import { STORAGE_UPLOAD_RETRY_MS } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { uploadRetryDelays } from './retryDelays';

describe('uploadRetryDelays', () => {
  it('spans the upload retry window without passing it', () => {
    const delays = uploadRetryDelays();
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(STORAGE_UPLOAD_RETRY_MS);
    expect(total).toBeGreaterThan(STORAGE_UPLOAD_RETRY_MS - 30_000);
    expect(delays[0]).toBe(0);
  });
});
