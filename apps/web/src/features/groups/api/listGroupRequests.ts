import type { GroupRequestPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

export const groupRequestsQueryKey = (groupId?: string) =>
  [...GROUPS_QUERY_ROOT, 'requests', groupId ?? 'all'] as const;

/** GET /api/group/groupJoiningRequests: pending requests to your groups (or one), oldest first. */
export function fetchGroupRequests(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<GroupRequestPage>('/api/group/groupJoiningRequests', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useGroupRequests(groupId?: string) {
  return useInfiniteQuery({
    queryKey: groupRequestsQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchGroupRequests({ signal, ...(groupId ? { groupId } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
