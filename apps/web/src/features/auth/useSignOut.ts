import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppStore } from '../../lib/store';
import { clearPersonalDeviceData } from '../../lib/tokenStorage';
import { postSignOut } from './api/signOut';

/**
 * Sign-out: revokes the refresh token on the server (best effort), then clears tokens
 * (state + localStorage), user data, the sign-in flag and this person's unsent work on the device, and drops
 * cached queries.
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
    clearPersonalDeviceData();
    queryClient.clear();
  }, [queryClient]);
}
