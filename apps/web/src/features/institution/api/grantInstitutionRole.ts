import type { InstitutionRole, InstitutionRoleGrantBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/institutions/user/role {institutionId, email, role}: gives (or changes) a role by email. */
export function grantInstitutionRole(body: InstitutionRoleGrantBody) {
  return apiRequest<ApiResult<{ institutionId: number; email: string; role: InstitutionRole }>>(
    '/api/institutions/user/role',
    { method: 'POST', body },
  );
}

export function useGrantInstitutionRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantInstitutionRole,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['institutions'] }),
  });
}
