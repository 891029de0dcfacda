import type { Pipeline, PipelineSettingsBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PATCH /api/organization/shortlisting/settings: release or hold back rejections. */
export function updatePipelineSettings(body: PipelineSettingsBody): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/settings', { method: 'PATCH', body });
}

export function useUpdatePipelineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePipelineSettings,
    onSuccess: (pipeline) => {
      queryClient.setQueryData(shortlistingKeys.pipeline(pipeline.openingId), pipeline);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot });
    },
  });
}
