import type { MemberRecords } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const memberRecordsQueryKey = (groupId: string, userId: number) =>
  [...VERIFICATION_QUERY_ROOT, 'records', groupId, userId] as const;

/** GET /api/verification/member/records?groupId=&userId=: a member's records with this group's decisions. */
export function fetchMemberRecords(groupId: string, userId: number, signal?: AbortSignal) {
  return apiData<MemberRecords>('/api/verification/member/records', {
    query: { groupId, userId },
    ...(signal ? { signal } : {}),
  });
}

export function useMemberRecords(groupId: string, userId: number) {
  return useQuery({
    queryKey: memberRecordsQueryKey(groupId, userId),
    queryFn: ({ signal }) => fetchMemberRecords(groupId, userId, signal),
  });
}
