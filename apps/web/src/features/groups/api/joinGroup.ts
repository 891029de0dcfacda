import type { Group } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/join {groupId}: joins an open group, or asks to join one by request (the message says which). */
export function joinGroup(groupId: string) {
  return apiRequest<ApiResult<Group>>('/api/group/join', { method: 'POST', body: { groupId } });
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
