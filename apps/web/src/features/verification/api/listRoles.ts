import type { RoleGrantList } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const rolesQueryKey = (groupId: string) => [...VERIFICATION_QUERY_ROOT, 'roles', groupId] as const;

/** GET /api/verification/group/userAccess/email?groupId=: who holds which role (owners and admins). */
export function fetchRoles(groupId: string, signal?: AbortSignal) {
  return apiData<RoleGrantList>('/api/verification/group/userAccess/email', {
    query: { groupId },
    ...(signal ? { signal } : {}),
  });
}

export function useRoles(groupId: string) {
  return useQuery({ queryKey: rolesQueryKey(groupId), queryFn: ({ signal }) => fetchRoles(groupId, signal) });
}
