import type { PlatformRole } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const platformRoleQueryKey = [...VERIFICATION_QUERY_ROOT, 'platform-role'] as const;

/** GET /api/verification/admin: whether you are a platform verification admin. */
export function fetchPlatformRole(signal?: AbortSignal) {
  return apiData<PlatformRole>('/api/verification/admin', signal ? { signal } : {});
}

export function usePlatformRole() {
  return useQuery({
    queryKey: platformRoleQueryKey,
    queryFn: ({ signal }) => fetchPlatformRole(signal),
    staleTime: Infinity,
  });
}
