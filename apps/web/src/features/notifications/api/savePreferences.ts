import type { NotificationPreference, NotificationPreferences } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { preferencesQueryKey } from './getPreferences';

/** PUT /api/notifications/preferences. */
export function savePreferences(items: NotificationPreference[]) {
  return apiRequest<ApiResult<NotificationPreferences>>('/api/notifications/preferences', {
    method: 'PUT',
    body: { items },
  });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (result) => queryClient.setQueryData(preferencesQueryKey, result.data),
  });
}
