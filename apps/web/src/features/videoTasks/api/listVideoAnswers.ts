import type { VideoAnswerList } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/organization/videoTasks/answers?taskId=: submitted answers with their average scores. */
export function fetchVideoAnswers(taskId: string, signal?: AbortSignal): Promise<VideoAnswerList> {
  return apiData<VideoAnswerList>('/api/organization/videoTasks/answers', {
    query: { taskId },
    ...(signal ? { signal } : {}),
  });
}

export function useVideoAnswers(taskId: string) {
  return useQuery({
    queryKey: videoTaskKeys.answers(taskId),
    queryFn: ({ signal }) => fetchVideoAnswers(taskId, signal),
    meta: { silent: true },
  });
}
