import type { VideoAnswerView, VideoScoreBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** PUT /api/videoAnswer/scores: the caller's own 1–5 scores; answers with the refreshed answer. */
export function saveVideoScores(body: VideoScoreBody): Promise<VideoAnswerView> {
  return apiData<VideoAnswerView>('/api/videoAnswer/scores', { method: 'PUT', body });
}

export function useSaveVideoScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVideoScores,
    onSuccess: (view) => {
      queryClient.setQueryData(videoTaskKeys.answer(view.id), view);
      return queryClient.invalidateQueries({ queryKey: [...videoTaskKeys.all, 'answers'] });
    },
  });
}
