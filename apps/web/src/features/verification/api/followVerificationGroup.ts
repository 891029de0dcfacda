import type { FollowState } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/follow {groupId} (idempotent). */
export function followVerificationGroup(input: string) {
  return apiRequest<ApiResult<FollowState>>('/api/verification/follow', { method: 'POST', body: { groupId: input } });
}

export function useFollowVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
