import type { NotificationPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { NOTIFICATIONS_ROOT } from './keys';

export const notificationsQueryKey = [...NOTIFICATIONS_ROOT, 'list'] as const;

/** GET /api/notifications: newest first, keyset paged. */
export function fetchNotifications(cursor: string | null, signal?: AbortSignal) {
  return apiData<NotificationPage>('/api/notifications', {
    query: { cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
