import type { VideoTaskPage } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/videoTask?task=: public (signed out too); the viewer part for a signed-in candidate. */
export function fetchVideoTask(taskId: string, signal?: AbortSignal): Promise<VideoTaskPage> {
  return apiData<VideoTaskPage>('/api/videoTask', { query: { task: taskId }, ...(signal ? { signal } : {}) });
}

export function useVideoTask(taskId: string, viewer: number | 'anonymous' | null) {
  return useQuery({
    queryKey: videoTaskKeys.page(taskId, viewer ?? 'anonymous'),
    queryFn: ({ signal }) => fetchVideoTask(taskId, signal),
    enabled: viewer !== null,
    // The organization may edit the task (limits, deadline) at any time: read it afresh on every visit and focus.
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });
}
