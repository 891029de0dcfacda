import { AUTH_PATHS } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

export const signOutMutationKey = ['auth', 'signOut'] as const;

/** POST /api/auth/signout: revokes the refresh token. An expired token is refreshed first, so the revoke still happens. */
export function postSignOut(): Promise<unknown> {
  return apiRequest<unknown>(AUTH_PATHS.signOut, { method: 'POST' });
}

export function useSignOutRequest() {
  return useMutation({ mutationKey: signOutMutationKey, mutationFn: postSignOut, meta: { silent: true } });
}
