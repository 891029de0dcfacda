import type { TeamInvitations } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const teamInvitationsQueryKey = ['organizations', 'invitations'] as const;

/** GET /api/user/teamInvitations: the open invitations to the signed-in person's email. */
export function fetchTeamInvitations(signal?: AbortSignal) {
  return apiData<TeamInvitations>('/api/user/teamInvitations', signal ? { signal } : {});
}

export function useTeamInvitations(enabled = true) {
  return useQuery({
    queryKey: teamInvitationsQueryKey,
    queryFn: ({ signal }) => fetchTeamInvitations(signal),
    enabled,
    meta: { silent: true },
  });
}
