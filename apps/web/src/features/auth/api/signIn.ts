import type { SignInBody, SignInResult } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

export const signInMutationKey = ['auth', 'signIn'] as const;

/** POST /api/user/signIn. The answer is the envelope's result itself (not result.data). */
export function postSignIn(body: SignInBody): Promise<SignInResult> {
  return apiRequest<SignInResult>('/api/user/signIn', { method: 'POST', body });
}

export function useSignInRequest() {
  return useMutation({ mutationKey: signInMutationKey, mutationFn: postSignIn, meta: { silent: true } });
}
