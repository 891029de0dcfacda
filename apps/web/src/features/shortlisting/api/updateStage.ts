import type { Pipeline, StageUpdateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PATCH /api/organization/shortlisting/stages: rename, or change what applicants see. */
export function updateStage(body: StageUpdateBody): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/stages', { method: 'PATCH', body });
}

export function useUpdateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStage,
    onSuccess: (pipeline) => {
      queryClient.setQueryData(shortlistingKeys.pipeline(pipeline.openingId), pipeline);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot });
    },
  });
}
