import type { RequestDecisionResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/request/accept {ids}: accepts one or many requests. */
export function acceptVerificationRequests(input: string[]) {
  return apiRequest<ApiResult<RequestDecisionResult>>('/api/verification/request/accept', {
    method: 'POST',
    body: { ids: input },
  });
}

export function useAcceptVerificationRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptVerificationRequests,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
