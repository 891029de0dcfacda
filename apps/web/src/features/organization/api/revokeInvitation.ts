import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** DELETE /api/organization/invitations?memberId=: revokes an invitation not claimed yet. */
export function revokeInvitation(memberId: string) {
  return apiRequest<ApiResult<{ memberId: string }>>('/api/organization/invitations', {
    method: 'DELETE',
    query: { memberId },
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
