import type { Booking } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { roundKeys } from './keys';

/** POST /api/rounds/change-requests: the candidate asks the organization for another time. */
export function useRequestChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { bookingId: string; reason: string }) =>
      apiRequest<ApiResult<Booking>>('/api/rounds/change-requests', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: roundKeys.mine }),
  });
}
