import type { ScorecardBody, Scorecards } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** PUT /api/organization/rounds/scorecards: the caller's own scorecard (answers with every scorecard they may see). */
export function useSubmitScorecard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScorecardBody) =>
      apiRequest<ApiResult<Scorecards>>('/api/organization/rounds/scorecards', { method: 'PUT', body }),
    onSuccess: (result, body) =>
      client.setQueryData(roundKeys.scorecards(body.roundId, body.applicationId), result.data),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds', 'day'] }),
  });
}
