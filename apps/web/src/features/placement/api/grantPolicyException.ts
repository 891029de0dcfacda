import type { grantExceptionBodySchema, PolicyException, z } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type GrantExceptionBody = z.output<typeof grantExceptionBodySchema>;

/** POST /api/placement/cycles/exceptions: one student is excused one rule (for one opening, or all), with a reason. */
export function useGrantPolicyException(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantExceptionBody) =>
      apiRequest<{ data: PolicyException; message: string }>('/api/placement/cycles/exceptions', {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.policyExceptions(cycleId) }),
  });
}
