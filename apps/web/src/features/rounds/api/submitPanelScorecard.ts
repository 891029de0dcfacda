import type { PanelView, Recommendation } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { roundKeys } from './keys';

export interface PanelScorecardInput {
  link: string;
  applicationId: string;
  ratings: Record<string, number>;
  recommendation: Recommendation;
  notes: string;
}

/** PUT /api/rounds/panel/scorecards: an outside interviewer's scorecard, through their link. */
export function useSubmitPanelScorecard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PanelScorecardInput) =>
      apiRequest<ApiResult<PanelView>>('/api/rounds/panel/scorecards', { method: 'PUT', body }),
    onSuccess: (result, body) => client.setQueryData(roundKeys.panelView(body.link), result.data),
  });
}
