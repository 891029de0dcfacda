import type { GroupPersonPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

export const groupMembersQueryKey = (groupId?: string) => [...GROUPS_QUERY_ROOT, 'members', groupId ?? 'all'] as const;

/** GET /api/group/members: the members of your groups (or one), newest first. */
export function fetchGroupMembers(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<GroupPersonPage>('/api/group/members', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useGroupMembers(groupId?: string) {
  return useInfiniteQuery({
    queryKey: groupMembersQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchGroupMembers({ signal, ...(groupId ? { groupId } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
