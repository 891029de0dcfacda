import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/corrections/decide: approve (the value changes) or reject a correction. */
export function useDecideCorrection(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { correctionId: string; decision: 'approve' | 'reject'; note?: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/corrections/decide', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.cycle(cycleId) }),
  });
}
