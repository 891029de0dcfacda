import type { VideoTaskInviteBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** POST /api/organization/videoTasks/invite: chosen applications or everyone in a stage. */
export async function inviteToVideoTask(body: VideoTaskInviteBody): Promise<{ invited: number; message: string }> {
  const result = await apiRequest<{ data: { invited: number }; message: string }>(
    '/api/organization/videoTasks/invite',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useInviteToVideoTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteToVideoTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }),
  });
}
