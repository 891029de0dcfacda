import type { RecordDecision, RecordDecisionBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/record: marks a member's record verified or rejected. */
export function recordDecision(input: RecordDecisionBody) {
  return apiRequest<ApiResult<RecordDecision>>('/api/verification/record', { method: 'POST', body: input });
}

export function useRecordDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordDecision,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
