import type { GroupRequestPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const verificationRequestsQueryKey = (groupId?: string) =>
  [...VERIFICATION_QUERY_ROOT, 'requests', groupId ?? 'all'] as const;

/** GET /api/verification/groupJoiningRequests: pending requests to the verification groups you manage (or one), oldest first. */
export function fetchVerificationRequests(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<GroupRequestPage>('/api/verification/groupJoiningRequests', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useVerificationRequests(groupId?: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: verificationRequestsQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchVerificationRequests({
        signal,
        ...(groupId ? { groupId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
