import type { OwnVideoAnswer } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** POST /api/videoTask/submit: the current take becomes the answer. */
export function submitVideoAnswer(taskId: string): Promise<OwnVideoAnswer> {
  return apiData<OwnVideoAnswer>('/api/videoTask/submit', { method: 'POST', body: { taskId } });
}

export function useSubmitVideoAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVideoAnswer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }),
  });
}
