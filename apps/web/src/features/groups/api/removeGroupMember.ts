import type { RemoveGroupPersonBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/remove/member {groupId, userId}. */
export function removeGroupMember(body: RemoveGroupPersonBody) {
  return apiData<RemoveGroupPersonBody>('/api/group/remove/member', { method: 'POST', body });
}

export function useRemoveGroupMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
