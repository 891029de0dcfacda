import type { VerificationGroup, VerificationGroupUpdate } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** PATCH /api/verification/group {id, …changes}. */
export function updateVerificationGroup(input: VerificationGroupUpdate) {
  return apiRequest<ApiResult<VerificationGroup>>('/api/verification/group', { method: 'PATCH', body: input });
}

export function useUpdateVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVerificationGroup,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
