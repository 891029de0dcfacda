import type { CellNotice, CreateNoticeInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/cycles/notices: post a notice to an audience of the cycle (in-app and by mail). */
export function usePostNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoticeInput) =>
      apiRequest<{ data: CellNotice; message: string }>('/api/placement/cycles/notices', { method: 'POST', body }),
    onSuccess: (_result, body) => client.invalidateQueries({ queryKey: placementKeys.cellNotices(body.cycleId) }),
  });
}
