import type { FollowState } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/follow {groupId} (idempotent). */
export function followGroup(groupId: string) {
  return apiData<FollowState>('/api/group/follow', { method: 'POST', body: { groupId } });
}

export function useFollowGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
