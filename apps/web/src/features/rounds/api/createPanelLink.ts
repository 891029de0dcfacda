import type { PanelLink } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/organization/rounds/panel-links: a personal, expiring link for an outside interviewer (shown once). */
export function useCreatePanelLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { panelistId: string; expiresInDays?: number }) =>
      apiRequest<ApiResult<PanelLink>>('/api/organization/rounds/panel-links', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds', 'panelLinks'] }),
  });
}
