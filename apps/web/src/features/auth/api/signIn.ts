import type { SignInBody, SignInResult } from '@placely/contract';
import { apiRequest } from '../../../lib/api/client';

/** POST /api/user/signIn. The answer is the envelope's result itself (not result.data). */
export function postSignIn(body: SignInBody): Promise<SignInResult> {
  return apiRequest<SignInResult>('/api/user/signIn', { method: 'POST', body });
}
