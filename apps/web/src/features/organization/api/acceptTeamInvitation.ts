import type { TeamInvitationAnswered } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/user/teamInvitations/accept: the invited person accepts an open invitation. */
export function acceptTeamInvitation(memberId: string) {
  return apiRequest<ApiResult<TeamInvitationAnswered>>('/api/user/teamInvitations/accept', {
    method: 'POST',
    body: { memberId },
  });
}

export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTeamInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
