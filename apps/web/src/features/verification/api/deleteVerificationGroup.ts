import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** DELETE /api/verification/group?id=: owners only. */
export function deleteVerificationGroup(input: string) {
  return apiRequest<ApiResult<{ id: string }>>('/api/verification/group', { method: 'DELETE', query: { id: input } });
}

export function useDeleteVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
