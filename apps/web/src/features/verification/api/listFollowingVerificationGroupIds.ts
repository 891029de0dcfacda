import type { FollowingIds } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const followingVerificationGroupIdsQueryKey = [...VERIFICATION_QUERY_ROOT, 'following-ids'] as const;

/** GET /api/following/verificationGroups/ids: the verification groups you follow. */
export function fetchFollowingVerificationGroupIds(signal?: AbortSignal) {
  return apiData<FollowingIds>('/api/following/verificationGroups/ids', signal ? { signal } : {});
}

export function useFollowingVerificationGroupIds(enabled = true) {
  return useQuery({
    queryKey: followingVerificationGroupIdsQueryKey,
    queryFn: ({ signal }) => fetchFollowingVerificationGroupIds(signal),
    enabled,
  });
}
