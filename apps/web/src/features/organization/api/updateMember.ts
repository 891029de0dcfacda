import type { OrganizationMemberUpdateBody, OrganizationPerson } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** PATCH /api/organization/people: changes a person's role and the openings it covers (owners). */
export function updateMember(body: OrganizationMemberUpdateBody) {
  return apiRequest<ApiResult<OrganizationPerson>>('/api/organization/people', { method: 'PATCH', body });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
