import { STORAGE_UPLOAD_RETRY_MS } from '@placely/contract';

/**
 * Back-off delays for a resumable upload that lose the connection: quick at first, then every 30 s, adding up to
 * the spec's upload retry window (600 s) before the upload reports failure.
 */
export function uploadRetryDelays(windowMs = STORAGE_UPLOAD_RETRY_MS): number[] {
  const delays = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
  let total = delays.reduce((sum, delay) => sum + delay, 0);
  while (total + 30_000 <= windowMs) {
    delays.push(30_000);
    total += 30_000;
  }
  return delays;
}
