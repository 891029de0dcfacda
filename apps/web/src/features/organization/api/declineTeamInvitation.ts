import type { TeamInvitationAnswered } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/user/teamInvitations/decline: the invited person declines an open invitation. */
export function declineTeamInvitation(memberId: string) {
  return apiRequest<ApiResult<TeamInvitationAnswered>>('/api/user/teamInvitations/decline', {
    method: 'POST',
    body: { memberId },
  });
}

export function useDeclineTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineTeamInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organizations'] }),
  });
}
