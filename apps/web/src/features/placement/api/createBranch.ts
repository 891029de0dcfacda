import type { Branch, BranchBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/branches: a programme's branch with the other names students and lists use for it. */
export function useCreateBranch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchBody) =>
      apiRequest<{ data: Branch; message: string }>('/api/placement/branches', { method: 'POST', body }),
    onSuccess: (_result, body) =>
      client.invalidateQueries({ queryKey: placementKeys.branches(Number(body.institutionId)) }),
  });
}
