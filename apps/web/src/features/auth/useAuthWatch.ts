import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAppStore } from '../../lib/store';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../lib/tokenStorage';
import { postSignIn } from './api/signIn';
import { applySignInResult } from './sessionActions';

/**
 * Auth watch (spec §4): follows the access token other tabs write to localStorage, so a
 * sign-in, refresh or sign-out in one tab is reflected here. Starts on mount, ends on unmount.
 */
export function useAuthWatch(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_STORAGE_KEY && event.key !== null) return;
      const store = useAppStore.getState();
      const token = event.key === null ? null : event.newValue;
      if (token === store.accessToken) return;
      if (!token) {
        // Signed out in another tab.
        if (store.accessToken || store.user) {
          store.clearSession();
          queryClient.clear();
        }
        return;
      }
      const hadUser = Boolean(store.user);
      store.adoptAccessToken(token);
      if (!hadUser) {
        // Signed in in another tab: load the user quietly.
        postSignIn({ assumeStudent: false })
          .then(applySignInResult)
          .catch((error: unknown) => console.warn('Could not follow the sign-in from another tab', error));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
