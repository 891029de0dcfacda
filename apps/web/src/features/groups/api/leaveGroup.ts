import type { Group } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/leave {groupId}: leaves a group or withdraws a request. */
export function leaveGroup(groupId: string) {
  return apiData<Group>('/api/group/leave', { method: 'POST', body: { groupId } });
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
