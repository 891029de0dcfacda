import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/companies/invite: the cell invites an organization to recruit in the cycle. */
export function useInviteCompany(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { organizationId: number; note?: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/companies/invite', {
        method: 'POST',
        body: { cycleId, ...body },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.companies(cycleId) }),
  });
}
