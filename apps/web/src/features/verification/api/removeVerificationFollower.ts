import type { RemoveGroupPersonBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/remove/follower {groupId, userId}. */
export function removeVerificationFollower(input: RemoveGroupPersonBody) {
  return apiRequest<ApiResult<RemoveGroupPersonBody>>('/api/verification/remove/follower', {
    method: 'POST',
    body: input,
  });
}

export function useRemoveVerificationFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVerificationFollower,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
