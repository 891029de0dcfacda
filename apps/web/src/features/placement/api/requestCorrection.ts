import type { RecordField } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/my/corrections: a student asks the cell to correct one of their locked values. */
export function useRequestCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cycleId: string; field: RecordField; value: string; reason: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/my/corrections', { method: 'POST', body }),
    onSuccess: (_result, body) => client.invalidateQueries({ queryKey: placementKeys.myCycle(body.cycleId) }),
  });
}
