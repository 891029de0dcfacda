import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** DELETE /api/institutions/user/role?institutionId=&email=: takes someone's role at the institution away. */
export function revokeInstitutionRole(input: { institutionId: number; email: string }) {
  return apiRequest<ApiResult<{ institutionId: number; email: string }>>('/api/institutions/user/role', {
    method: 'DELETE',
    query: input,
  });
}

export function useRevokeInstitutionRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInstitutionRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['institutions'] }),
  });
}
