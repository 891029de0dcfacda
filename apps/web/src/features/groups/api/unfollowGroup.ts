import type { FollowState } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/unfollow {groupId} (idempotent). */
export function unfollowGroup(groupId: string) {
  return apiData<FollowState>('/api/group/unfollow', { method: 'POST', body: { groupId } });
}

export function useUnfollowGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
