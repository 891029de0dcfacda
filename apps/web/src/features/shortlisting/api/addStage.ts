import type { Pipeline, StageCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/stages: a stage of the organization's own. */
export function addStage(body: StageCreateBody): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/stages', { method: 'POST', body });
}

export function useAddStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStage,
    onSuccess: (pipeline) => {
      queryClient.setQueryData(shortlistingKeys.pipeline(pipeline.openingId), pipeline);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot });
    },
  });
}
