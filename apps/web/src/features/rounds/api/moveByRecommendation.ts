import type { Recommendation } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/organization/rounds/moves: everyone whose every scorecard says one of these → the chosen stage. */
export function useMoveByRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { roundId: string; toStageId: string; recommendations: Recommendation[] }) =>
      apiRequest<ApiResult<{ moved: number; bulkMoveId: string | null }>>('/api/organization/rounds/moves', {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries(),
  });
}
