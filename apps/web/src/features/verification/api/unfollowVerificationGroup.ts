import type { FollowState } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/unfollow {groupId} (idempotent). */
export function unfollowVerificationGroup(input: string) {
  return apiRequest<ApiResult<FollowState>>('/api/verification/unfollow', { method: 'POST', body: { groupId: input } });
}

export function useUnfollowVerificationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowVerificationGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
