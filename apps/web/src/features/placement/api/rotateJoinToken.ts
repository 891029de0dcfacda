import type { Cycle } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/cycles/join-token: a new self-enrolment link; the old one stops working. */
export function useRotateJoinToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cycleId: string) =>
      apiRequest<{ data: Cycle; message: string }>('/api/placement/cycles/join-token', {
        method: 'POST',
        body: { cycleId },
      }),
    onSuccess: (_result, cycleId) => client.invalidateQueries({ queryKey: placementKeys.cycle(cycleId) }),
  });
}
