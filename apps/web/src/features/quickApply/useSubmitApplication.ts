import type { Answers, Application, SaveToProfileInput } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/errors';
import { submitApplication } from './api/submitApplication';
import {
  beginSubmit,
  isRetryableSubmitFailure,
  type PendingSubmit,
  readPendingSubmit,
  settleSubmit,
} from './idempotency';

/** Waits between tries while the server cannot be reached, short at first. */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

function waitForRetry(attempt: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      reject(new DOMException('Stopped', 'AbortError'));
    };
    // Offline: only `online` helps. Otherwise try again after the delay (or sooner if `online` fires).
    const timer = navigator.onLine === false ? undefined : window.setTimeout(done, delay);
    window.addEventListener('online', done);
    signal.addEventListener('abort', aborted);
  });
}

export type SubmitPhase = 'idle' | 'sending' | 'waitingForConnection';

/**
 * Sends an application with an idempotency key kept on the device until the server answers: while offline or
 * while the server cannot be reached it waits for `online` (or a short delay) and retries with the same key, so
 * a retry never makes a second application. Refusals (400, 403, 409) end the attempt and are thrown to the caller.
 */
export function useSubmitApplication(openingId: string, userId: number) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const send = useCallback(
    async (pending: PendingSubmit): Promise<Application> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setPhase('sending');
      try {
        for (let attempt = 0; ; attempt += 1) {
          if (navigator.onLine === false) {
            setPhase('waitingForConnection');
            await waitForRetry(attempt, current.signal);
            setPhase('sending');
          }
          try {
            const application = await submitApplication({
              openingId,
              idempotencyKey: pending.key,
              ...(pending.answers ? { answers: pending.answers } : {}),
              ...(pending.saveToProfile ? { saveToProfile: pending.saveToProfile } : {}),
            });
            settleSubmit(openingId, userId);
            if (pending.saveToProfile) {
              // The profile changed with the application: its page and sections read it afresh.
              void queryClient.invalidateQueries({ queryKey: ['user', 'profile'] });
              void queryClient.invalidateQueries({ queryKey: ['profile-section'] });
            }
            return application;
          } catch (error) {
            const status = error instanceof ApiError ? error.status : 0;
            if (!isRetryableSubmitFailure(status)) {
              settleSubmit(openingId, userId);
              throw error;
            }
            setPhase('waitingForConnection');
            await waitForRetry(attempt, current.signal);
            setPhase('sending');
          }
        }
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setPhase('idle');
        }
      }
    },
    [openingId, userId, queryClient],
  );

  /** A new attempt (or a retry of an unanswered one: its key is kept). `answers` null = one click. */
  const submit = useCallback(
    (answers: Answers | null, saveToProfile?: SaveToProfileInput) =>
      send(beginSubmit(openingId, userId, answers, new Date(), saveToProfile)),
    [send, openingId, userId],
  );

  /** An attempt left unanswered by a closed tab or a reload, to finish first. */
  const pending = useCallback(() => readPendingSubmit(openingId, userId), [openingId, userId]);

  return { phase, submit, resume: send, pending };
}
