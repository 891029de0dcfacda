import type { VerificationGroup, VerificationGroupInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/group: creates a group that awaits approval; you become its owner. */
export function createVerificationGroup(input: VerificationGroupInput) {
  return apiRequest<ApiResult<VerificationGroup>>('/api/verification/group', { method: 'POST', body: input });
}

export function useCreateVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVerificationGroup,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
