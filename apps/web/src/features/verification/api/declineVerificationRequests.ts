import type { RequestDecisionResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/request/decline {ids}: declines one or many requests. */
export function declineVerificationRequests(input: string[]) {
  return apiRequest<ApiResult<RequestDecisionResult>>('/api/verification/request/decline', {
    method: 'POST',
    body: { ids: input },
  });
}

export function useDeclineVerificationRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineVerificationRequests,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
