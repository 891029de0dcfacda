import type { RequestDecisionResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

/** POST /api/group/request/decline {ids}: declines one or many requests. */
export function declineGroupRequests(ids: string[]) {
  return apiRequest<ApiResult<RequestDecisionResult>>('/api/group/request/decline', { method: 'POST', body: { ids } });
}

export function useDeclineGroupRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineGroupRequests,
    onSettled: () => queryClient.invalidateQueries({ queryKey: GROUPS_QUERY_ROOT }),
  });
}
