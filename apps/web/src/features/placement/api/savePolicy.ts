import type { CyclePolicyView, savePolicyBodySchema, z } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type SavePolicyBody = z.output<typeof savePolicyBodySchema>;

/** PUT /api/placement/cycles/policy: replaces the cycle's whole policy; the answer is the policy as students read it. */
export function useSavePolicy(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePolicyBody) =>
      apiRequest<{ data: CyclePolicyView; message: string }>('/api/placement/cycles/policy', { method: 'PUT', body }),
    onSuccess: (result) => client.setQueryData(placementKeys.policy(cycleId), result.data),
  });
}
