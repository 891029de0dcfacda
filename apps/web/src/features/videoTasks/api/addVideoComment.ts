import type { VideoComment, VideoCommentBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** POST /api/videoAnswer/comments: a comment at a moment of the video. */
export function addVideoComment(body: VideoCommentBody): Promise<VideoComment> {
  return apiData<VideoComment>('/api/videoAnswer/comments', { method: 'POST', body });
}

export function useAddVideoComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVideoComment,
    onSuccess: (_comment, body) => queryClient.invalidateQueries({ queryKey: videoTaskKeys.answer(body.answerId) }),
  });
}
