import type { VideoTaskList } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/organization/videoTasks?openingId=: the opening's tasks with counts and the caller's abilities. */
export function fetchVideoTasks(openingId: string, signal?: AbortSignal): Promise<VideoTaskList> {
  return apiData<VideoTaskList>('/api/organization/videoTasks', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
}

export function useVideoTasks(openingId: string) {
  return useQuery({
    queryKey: videoTaskKeys.ofOpening(openingId),
    queryFn: ({ signal }) => fetchVideoTasks(openingId, signal),
    meta: { silent: true },
  });
}
