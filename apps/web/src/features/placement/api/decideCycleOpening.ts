import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/openings/decide: approve an opening for the cycle's students, or send it back with a comment. */
export function useDecideCycleOpening(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { openingId: string; decision: 'approve' | 'sendBack'; comment?: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/openings/decide', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.cycle(cycleId) }),
  });
}
