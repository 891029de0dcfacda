import { AUTH_PATHS } from '@placely/contract';
import { apiRequest } from '../../../lib/api/client';

/** POST /api/auth/signout: revokes the refresh token. An expired token is refreshed first, so the revoke still happens. */
export function postSignOut(): Promise<unknown> {
  return apiRequest<unknown>(AUTH_PATHS.signOut, { method: 'POST' });
}
