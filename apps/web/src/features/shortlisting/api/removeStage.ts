import type { Pipeline, StageDeleteQuery } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** DELETE /api/organization/shortlisting/stages?openingId=&stageId=&targetStageId= */
export function removeStage(body: StageDeleteQuery): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/stages', { method: 'DELETE', query: { ...body } });
}

export function useRemoveStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStage,
    onSuccess: (pipeline) => {
      queryClient.setQueryData(shortlistingKeys.pipeline(pipeline.openingId), pipeline);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot });
    },
  });
}
