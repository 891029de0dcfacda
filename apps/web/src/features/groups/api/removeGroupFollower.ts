import type { RemoveGroupPersonBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/remove/follower {groupId, userId}. */
export function removeGroupFollower(body: RemoveGroupPersonBody) {
  return apiData<RemoveGroupPersonBody>('/api/group/remove/follower', { method: 'POST', body });
}

export function useRemoveGroupFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupFollower,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
