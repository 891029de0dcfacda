import type { GroupPersonPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

export const groupFollowersQueryKey = (groupId?: string) =>
  [...GROUPS_QUERY_ROOT, 'followers', groupId ?? 'all'] as const;

/** GET /api/group/followers: the followers of your groups (or one), newest first. */
export function fetchGroupFollowers(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<GroupPersonPage>('/api/group/followers', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useGroupFollowers(groupId?: string) {
  return useInfiniteQuery({
    queryKey: groupFollowersQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchGroupFollowers({ signal, ...(groupId ? { groupId } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
