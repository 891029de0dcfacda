import type { OrganizationInviteBody, OrganizationPerson } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/organization/people: invites someone by email (owners). */
export function inviteMember(body: OrganizationInviteBody) {
  return apiRequest<ApiResult<OrganizationPerson>>('/api/organization/people', { method: 'POST', body });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
