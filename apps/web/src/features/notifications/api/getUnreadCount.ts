import { NOTIFICATIONS_POLL_SECONDS, type UnreadCount } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { NOTIFICATIONS_ROOT } from './keys';

export const unreadCountQueryKey = [...NOTIFICATIONS_ROOT, 'unread'] as const;

/** GET /api/notifications/unread. */
export function fetchUnreadCount(signal?: AbortSignal) {
  return apiData<UnreadCount>('/api/notifications/unread', signal ? { signal } : {});
}

/** The count; polls only while the live stream is down (`poll`). */
export function useUnreadCount(enabled: boolean, poll: boolean) {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled,
    refetchInterval: poll ? NOTIFICATIONS_POLL_SECONDS * 1000 : false,
  });
}
