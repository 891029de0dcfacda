import type { ApprovalBody, VerificationGroup } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/group/approval {id, decision}: platform verification admins approve or reject. */
export function approveVerificationGroup(input: ApprovalBody) {
  return apiRequest<ApiResult<VerificationGroup>>('/api/verification/group/approval', { method: 'POST', body: input });
}

export function useApproveVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
