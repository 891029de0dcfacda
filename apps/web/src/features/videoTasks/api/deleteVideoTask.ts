import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { videoTaskKeys } from './keys';

/** DELETE /api/organization/videoTasks?id=: submitted answers are kept. */
export function deleteVideoTask(id: string): Promise<{ id: string }> {
  return apiData('/api/organization/videoTasks', { method: 'DELETE', query: { id } });
}

export function useDeleteVideoTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoTaskKeys.all }),
  });
}
