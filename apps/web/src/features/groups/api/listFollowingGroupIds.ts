import type { FollowingIds } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

export const followingGroupIdsQueryKey = [...GROUPS_QUERY_ROOT, 'following-ids'] as const;

/** GET /api/following/groups/ids: the groups the caller follows. */
export function fetchFollowingGroupIds(signal?: AbortSignal) {
  return apiData<FollowingIds>('/api/following/groups/ids', signal ? { signal } : {});
}

export function useFollowingGroupIds(enabled = true) {
  return useQuery({
    queryKey: followingGroupIdsQueryKey,
    queryFn: ({ signal }) => fetchFollowingGroupIds(signal),
    enabled,
  });
}
