import type { UnreadCount } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { NOTIFICATIONS_ROOT } from './keys';

/** POST /api/notifications/read/all. */
export function markAllRead() {
  return apiRequest<ApiResult<UnreadCount>>('/api/notifications/read/all', { method: 'POST' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT }),
  });
}
