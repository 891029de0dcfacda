import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** DELETE /api/placement/branches?branchId=. */
export function useDeleteBranch(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (branchId: string) =>
      apiRequest<{ data: unknown; message: string }>('/api/placement/branches', {
        method: 'DELETE',
        query: { branchId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.branches(institutionId) }),
  });
}
