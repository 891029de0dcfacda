import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/companies/decide: approve or reject a company's registration. */
export function useDecideCompany(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { organizationId: number; decision: 'approve' | 'reject'; note?: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/companies/decide', {
        method: 'POST',
        body: { cycleId, ...body },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.cycle(cycleId) }),
  });
}
