import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/company/registrations: ask to recruit in a cycle (or accept the cell's invitation). */
export function useRegisterCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cycleId: string; note?: string }) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/company/registrations', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.companyCycles }),
  });
}
