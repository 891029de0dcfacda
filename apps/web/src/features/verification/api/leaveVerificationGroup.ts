import type { VerificationGroup } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/leave {groupId}: leaves, or withdraws a request. */
export function leaveVerificationGroup(input: string) {
  return apiRequest<ApiResult<VerificationGroup>>('/api/verification/leave', {
    method: 'POST',
    body: { groupId: input },
  });
}

export function useLeaveVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
