import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** DELETE /api/organization/people?memberId=: removes a person; their access ends with their next request. */
export function removeMember(memberId: string) {
  return apiRequest<ApiResult<{ memberId: string }>>('/api/organization/people', {
    method: 'DELETE',
    query: { memberId },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
