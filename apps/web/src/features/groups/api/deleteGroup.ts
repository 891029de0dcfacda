import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** DELETE /api/group?id=. */
export function deleteGroup(id: string) {
  return apiData<{ id: string }>('/api/group', { method: 'DELETE', query: { id } });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
