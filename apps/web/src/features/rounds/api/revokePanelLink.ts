import type { PanelLink } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** DELETE /api/organization/rounds/panel-links?linkId=: the link stops working at once. */
export function useRevokePanelLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest<ApiResult<PanelLink>>('/api/organization/rounds/panel-links', { method: 'DELETE', query: { linkId } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds', 'panelLinks'] }),
  });
}
