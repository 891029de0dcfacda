import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { unreadCountQueryKey } from './getUnreadCount';
import { NOTIFICATIONS_ROOT } from './keys';

/**
 * GET /api/notifications/stream (Server-Sent Events). EventSource cannot send headers, so the token goes in the query
 * string (the server never logs query strings). A new count refreshes the list too. Returns whether the stream is
 * live; when it is not (no EventSource, proxy, expired token) the caller polls instead.
 */
export function useUnreadStream(accessToken: string | null): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!accessToken || typeof EventSource === 'undefined') {
      setLive(false);
      return;
    }
    const source = new EventSource(`/api/notifications/stream?${new URLSearchParams({ token: accessToken })}`);
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('unread', (event) => {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      const previous = queryClient.getQueryData<{ unread: number }>(unreadCountQueryKey);
      queryClient.setQueryData(unreadCountQueryKey, { unread });
      if (previous && previous.unread !== unread) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT });
    });
    // A newer stream of this person (another tab) took this one's place: stop here, or reconnecting would close
    // that one in turn; the bell polls instead.
    source.addEventListener('replaced', () => {
      source.close();
      setLive(false);
    });
    // A refused token (expired) closes the stream for good: fall back to polling until the token changes.
    source.addEventListener('error', () => {
      setLive(false);
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [accessToken, queryClient]);
  return live;
}
