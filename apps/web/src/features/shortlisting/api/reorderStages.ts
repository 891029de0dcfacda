import type { Pipeline, StageOrderBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PUT /api/organization/shortlisting/stages/order: the custom stages in their new order. */
export function reorderStages(body: StageOrderBody): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/stages/order', { method: 'PUT', body });
}

export function useReorderStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderStages,
    onSuccess: (pipeline) => {
      queryClient.setQueryData(shortlistingKeys.pipeline(pipeline.openingId), pipeline);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot });
    },
  });
}
