import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/join: enrol oneself through the cycle's link. */
export function useJoinCycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/join', { method: 'POST', body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.all }),
  });
}
