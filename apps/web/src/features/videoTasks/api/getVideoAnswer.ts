import { FILE_LINK_TTL_SECONDS, type VideoAnswerView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** GET /api/videoAnswer?answer=: the answer, a signed video link, scores and comments. */
export function fetchVideoAnswer(answerId: string, signal?: AbortSignal): Promise<VideoAnswerView> {
  return apiData<VideoAnswerView>('/api/videoAnswer', { query: { answer: answerId }, ...(signal ? { signal } : {}) });
}

export function useVideoAnswer(answerId: string, enabled: boolean) {
  return useQuery({
    queryKey: videoTaskKeys.answer(answerId),
    queryFn: ({ signal }) => fetchVideoAnswer(answerId, signal),
    enabled,
    meta: { silent: true },
    // The video link is short-lived: a fresh one before it lapses, so seeking keeps working during a long review.
    refetchInterval: (FILE_LINK_TTL_SECONDS - 60) * 1000,
  });
}
