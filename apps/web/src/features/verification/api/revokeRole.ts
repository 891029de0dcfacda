import type { RoleGrantList } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** DELETE /api/verification/group/userAccess/email?groupId=&email=: takes a role away. */
export function revokeRole(input: { groupId: string; email: string }) {
  return apiRequest<ApiResult<RoleGrantList>>('/api/verification/group/userAccess/email', {
    method: 'DELETE',
    query: input,
  });
}

export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
