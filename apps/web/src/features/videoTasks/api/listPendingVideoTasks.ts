import type { PendingVideoTask } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/videoTasks/pending: tasks still to answer, for /forms. */
export function fetchPendingVideoTasks(signal?: AbortSignal): Promise<{ items: PendingVideoTask[] }> {
  return apiData('/api/videoTasks/pending', signal ? { signal } : {});
}

export function usePendingVideoTasks(enabled: boolean) {
  return useQuery({
    queryKey: videoTaskKeys.pending(),
    queryFn: ({ signal }) => fetchPendingVideoTasks(signal),
    enabled,
    meta: { silent: true },
  });
}
