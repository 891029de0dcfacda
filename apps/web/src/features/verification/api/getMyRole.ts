import type { VerificationUserRole } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const myRoleQueryKey = (groupId: string) => [...VERIFICATION_QUERY_ROOT, 'my-role', groupId] as const;

/** GET /api/verifications/group/user/role?groupId=: your role in a verification group and what it allows. */
export function fetchMyRole(groupId: string, signal?: AbortSignal) {
  return apiData<VerificationUserRole>('/api/verifications/group/user/role', {
    query: { groupId },
    ...(signal ? { signal } : {}),
  });
}

export function useMyRole(groupId: string) {
  return useQuery({ queryKey: myRoleQueryKey(groupId), queryFn: ({ signal }) => fetchMyRole(groupId, signal) });
}
