import type { NotificationPreferences } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { NOTIFICATIONS_ROOT } from './keys';

export const preferencesQueryKey = [...NOTIFICATIONS_ROOT, 'preferences'] as const;

/** GET /api/notifications/preferences. */
export function fetchPreferences(signal?: AbortSignal) {
  return apiData<NotificationPreferences>('/api/notifications/preferences', signal ? { signal } : {});
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesQueryKey, queryFn: ({ signal }) => fetchPreferences(signal) });
}
