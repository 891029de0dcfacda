import type { VerificationGroupPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const adminVerificationGroupsQueryKey = [...VERIFICATION_QUERY_ROOT, 'admin'] as const;

/** GET /api/verification/groups/admin: the verification groups you hold a role in (or run for your institution). */
export function fetchAdminVerificationGroups(cursor?: string, signal?: AbortSignal) {
  return apiData<VerificationGroupPage>('/api/verification/groups/admin', {
    query: { cursor, limit: 20 },
    ...(signal ? { signal } : {}),
  });
}

export function useAdminVerificationGroups(enabled = true) {
  return useInfiniteQuery({
    queryKey: adminVerificationGroupsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchAdminVerificationGroups(pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
