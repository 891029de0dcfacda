import type { Cycle, CycleBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/cycles: a new cycle of the cell. */
export function useCreateCycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CycleBody) =>
      apiRequest<{ data: Cycle; message: string }>('/api/placement/cycles', { method: 'POST', body }),
    onSuccess: (_result, body) =>
      client.invalidateQueries({ queryKey: placementKeys.cycles(Number(body.institutionId)) }),
  });
}
