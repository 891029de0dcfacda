import type { Round, RoundSettingsBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** PUT /api/organization/rounds: makes a stage a round, or changes its settings and scorecard criteria. */
export function useSaveRound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RoundSettingsBody) =>
      apiRequest<ApiResult<Round>>('/api/organization/rounds', { method: 'PUT', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds'] }),
  });
}
