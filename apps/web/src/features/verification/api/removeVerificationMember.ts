import type { RemoveGroupPersonBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/remove/member {groupId, userId}. */
export function removeVerificationMember(input: RemoveGroupPersonBody) {
  return apiRequest<ApiResult<RemoveGroupPersonBody>>('/api/verification/remove/member', {
    method: 'POST',
    body: input,
  });
}

export function useRemoveVerificationMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVerificationMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
