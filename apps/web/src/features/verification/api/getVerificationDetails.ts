import type { VerificationGroup } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const verificationDetailsQueryKey = (id: string, signedIn: boolean) =>
  [...VERIFICATION_QUERY_ROOT, 'details', id, signedIn] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/verification/details/id?id=: a verification group's details and, signed in, your standing. */
export function fetchVerificationDetails(id: string, signal?: AbortSignal) {
  return apiData<VerificationGroup>('/api/verification/details/id', { query: { id }, ...(signal ? { signal } : {}) });
}

export function useVerificationDetails(id: string, signedIn: boolean) {
  return useQuery({
    queryKey: verificationDetailsQueryKey(id, signedIn),
    queryFn: ({ signal }) => fetchVerificationDetails(id, signal),
    enabled: UUID.test(id),
    retry: false,
    meta: { silent: true },
  });
}
