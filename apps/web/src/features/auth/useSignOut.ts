import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppStore } from '../../lib/store';
import { postSignOut } from './api/signOut';

/**
 * Sign-out: revokes the refresh token on the server (best effort), then clears tokens
 * (state + localStorage), user data and the sign-in flag, and drops cached queries.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (useAppStore.getState().accessToken) {
      try {
        await postSignOut();
      } catch (error) {
        console.warn('Sign-out request failed; clearing the local session anyway.', error);
      }
    }
    useAppStore.getState().clearSession();
    queryClient.clear();
  }, [queryClient]);
}
