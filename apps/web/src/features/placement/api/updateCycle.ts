import type { Cycle, CycleBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type CycleChanges = { cycleId: string } & Partial<Omit<CycleBody, 'institutionId'>>;

/** PATCH /api/placement/cycles: rename, re-date, open or close a cycle. */
export function useUpdateCycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CycleChanges) =>
      apiRequest<{ data: Cycle; message: string }>('/api/placement/cycles', { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.all }),
  });
}
