import { MESSAGES } from '@placely/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isUnderPath, PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { showError } from '../../lib/snackbar';
import { useAppStore } from '../../lib/store';
import { bootstrapSession } from './bootstrap';

let started = false;

/** Runs the startup bootstrap once, with the full-screen overlay on until it settles. */
export function useSessionBootstrap(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once at startup, for the first path.
  useEffect(() => {
    if (started) return;
    started = true;
    const { setOverlayLoading } = useAppStore.getState();
    setOverlayLoading(true);
    bootstrapSession(pathname)
      .then((outcome) => {
        if (outcome === 'selectAccountType' && !isUnderPath(pathname, PATHS.selectAccountType)) {
          showError(MESSAGES.accountTypeDoesNotExist);
          navigate(PATHS.selectAccountType);
        }
      })
      .catch((error: unknown) => {
        // Spec §8: a bootstrap failure is only logged. Offline it is expected (the session is kept for later).
        if (error instanceof ApiError && error.code === 'NETWORK_ERROR')
          console.warn('Session bootstrap offline', error);
        else console.error('Session bootstrap failed', error);
      })
      .finally(() => setOverlayLoading(false));
  }, []);
}
