import type { Group, GroupUpdate } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** PATCH /api/group {id, …changes}. */
export function updateGroup(update: GroupUpdate) {
  return apiData<Group>('/api/group', { method: 'PATCH', body: update });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
