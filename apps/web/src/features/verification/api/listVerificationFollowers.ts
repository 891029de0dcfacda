import type { GroupPersonPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const verificationFollowersQueryKey = (groupId?: string) =>
  [...VERIFICATION_QUERY_ROOT, 'followers', groupId ?? 'all'] as const;

/** GET /api/verification/followers: followers of the verification groups you manage (or one), newest first. */
export function fetchVerificationFollowers(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<GroupPersonPage>('/api/verification/followers', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useVerificationFollowers(groupId?: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: verificationFollowersQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchVerificationFollowers({
        signal,
        ...(groupId ? { groupId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
