import type { Answers, SaveToProfileInput } from '@placely/contract';
import { PERSONAL_STORAGE_PREFIX } from '../../lib/tokenStorage';
import { readJson, removeKey, writeJson } from './deviceStorage';

/**
 * A submit that has not been answered yet. Its idempotency key is made once per attempt and kept on the device
 * until the server answers, so a retry — after `online`, a reload or a second press — sends the same key and the
 * server answers the first application instead of making a second one.
 */
export interface PendingSubmit {
  key: string;
  /** Null for a one-click apply (the server fills the form from auto-fill data). */
  answers: Answers | null;
  /** Answers the applicant chose to save to their profile too; sent with every retry of the attempt. */
  saveToProfile?: SaveToProfileInput;
  startedAt: string;
}

const PREFIX = `${PERSONAL_STORAGE_PREFIX}quickApply.submit`;

export function pendingSubmitStorageKey(openingId: string, userId: number | string): string {
  return `${PREFIX}.${openingId}.${userId}`;
}

/** 32 URL-safe characters from the browser's cryptographic random source (matches the contract's key format). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function readPendingSubmit(openingId: string, userId: number | string): PendingSubmit | null {
  const stored = readJson(pendingSubmitStorageKey(openingId, userId));
  if (typeof stored !== 'object' || stored === null) return null;
  const { key, answers, saveToProfile, startedAt } = stored as Record<string, unknown>;
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(key) || typeof startedAt !== 'string') {
    removeKey(pendingSubmitStorageKey(openingId, userId));
    return null;
  }
  return {
    key,
    answers: typeof answers === 'object' && answers !== null ? (answers as Answers) : null,
    ...(typeof saveToProfile === 'object' && saveToProfile !== null && !Array.isArray(saveToProfile)
      ? { saveToProfile: saveToProfile as SaveToProfileInput }
      : {}),
    startedAt,
  };
}

/**
 * Starts (or continues) a submit attempt: an unanswered earlier attempt keeps its key — pressing submit again is a
 * retry of it — with the latest answers; otherwise a new key is made. Kept until `settleSubmit`.
 */
export function beginSubmit(
  openingId: string,
  userId: number | string,
  answers: Answers | null,
  now: Date = new Date(),
  saveToProfile?: SaveToProfileInput,
): PendingSubmit {
  const existing = readPendingSubmit(openingId, userId);
  const pending: PendingSubmit = {
    key: existing?.key ?? newIdempotencyKey(),
    answers,
    ...(saveToProfile ? { saveToProfile } : {}),
    startedAt: existing?.startedAt ?? now.toISOString(),
  };
  writeJson(pendingSubmitStorageKey(openingId, userId), pending);
  return pending;
}

/** The server answered (an application, or a definite refusal): the attempt is over and its key is dropped. */
export function settleSubmit(openingId: string, userId: number | string): void {
  removeKey(pendingSubmitStorageKey(openingId, userId));
}

/**
 * Whether a failed submit may be retried with the same key: no response at all (offline, connection dropped), a
 * server error, or a rate limit. Refusals (400, 403, 404, 409) are final answers for this attempt.
 */
export function isRetryableSubmitFailure(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}
