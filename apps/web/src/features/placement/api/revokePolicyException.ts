import type { PolicyException, revokeExceptionBodySchema, z } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type RevokeExceptionBody = z.output<typeof revokeExceptionBodySchema>;

/**
 * POST /api/placement/cycles/exceptions/revoke: the exception stops setting its rule aside; it stays listed as
 * revoked, with who revoked it, when and why.
 */
export function useRevokePolicyException(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeExceptionBody) =>
      apiRequest<{ data: PolicyException; message: string }>('/api/placement/cycles/exceptions/revoke', {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.policyExceptions(cycleId) }),
  });
}
