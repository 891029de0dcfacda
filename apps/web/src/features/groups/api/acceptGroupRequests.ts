import type { RequestDecisionResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/request/accept {ids}: accepts one or many requests. */
export function acceptGroupRequests(ids: string[]) {
  return apiRequest<ApiResult<RequestDecisionResult>>('/api/group/request/accept', { method: 'POST', body: { ids } });
}

export function useAcceptGroupRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptGroupRequests,
    onSettled: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
