import type { Notification } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { NOTIFICATIONS_ROOT } from './keys';

/** POST /api/notifications/read {id}. */
export function markRead(id: string) {
  return apiRequest<ApiResult<Notification>>('/api/notifications/read', { method: 'POST', body: { id } });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT }),
  });
}
