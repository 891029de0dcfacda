import type { VideoTask, VideoTaskCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** POST /api/organization/videoTasks. */
export function createVideoTask(body: VideoTaskCreateBody): Promise<VideoTask> {
  return apiData<VideoTask>('/api/organization/videoTasks', { method: 'POST', body });
}

export function useCreateVideoTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideoTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }),
  });
}
