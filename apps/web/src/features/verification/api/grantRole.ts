import type { RoleGrantBody, RoleGrantList } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

/** POST /api/verification/group/userAccess/email {groupId, email, role}: grants or changes a role by email. */
export function grantRole(input: RoleGrantBody) {
  return apiRequest<ApiResult<RoleGrantList>>('/api/verification/group/userAccess/email', {
    method: 'POST',
    body: input,
  });
}

export function useGrantRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRole,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_ROOT }),
  });
}
