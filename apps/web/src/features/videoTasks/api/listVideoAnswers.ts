import type { VideoAnswerList } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/organization/videoTasks/answers?taskId=&cursor=: submitted answers with their average scores, a page. */
export function fetchVideoAnswers(
  taskId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VideoAnswerList> {
  return apiData<VideoAnswerList>('/api/organization/videoTasks/answers', {
    query: { taskId, cursor },
    ...(signal ? { signal } : {}),
  });
}

/** Every page loaded so far; `fetchNextPage` brings the next (keyset cursor, oldest first). */
export function useVideoAnswers(taskId: string) {
  return useInfiniteQuery({
    queryKey: videoTaskKeys.answers(taskId),
    queryFn: ({ pageParam, signal }) => fetchVideoAnswers(taskId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silent: true },
  });
}
