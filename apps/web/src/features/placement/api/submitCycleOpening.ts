import type { CtcPeriod } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface CycleOpeningSubmission {
  cycleId: string;
  openingId: string;
  ctcAmount: number;
  ctcCurrency: string;
  ctcPeriod: CtcPeriod;
}

/** POST /api/placement/company/openings: send an opening to the cycle's cell for approval (or resubmit it). */
export function useSubmitCycleOpening() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CycleOpeningSubmission) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/company/openings', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.company }),
  });
}
