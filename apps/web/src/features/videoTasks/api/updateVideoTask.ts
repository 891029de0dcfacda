import type { VideoTask, VideoTaskUpdateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** PUT /api/organization/videoTasks: the editor (new limits apply to takes from now on). */
export function updateVideoTask(body: VideoTaskUpdateBody): Promise<VideoTask> {
  return apiData<VideoTask>('/api/organization/videoTasks', { method: 'PUT', body });
}

export function useUpdateVideoTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideoTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }),
  });
}
