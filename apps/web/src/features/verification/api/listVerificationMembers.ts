import type { VerificationMemberPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { VERIFICATION_QUERY_ROOT } from './listVerificationGroups';

export const verificationMembersQueryKey = (groupId?: string) =>
  [...VERIFICATION_QUERY_ROOT, 'members', groupId ?? 'all'] as const;

/** GET /api/verification/members: members of the verification groups you hold a role in (or one), newest first. */
export function fetchVerificationMembers(options: { groupId?: string; cursor?: string; signal?: AbortSignal }) {
  return apiData<VerificationMemberPage>('/api/verification/members', {
    query: { groupId: options.groupId, cursor: options.cursor, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useVerificationMembers(groupId?: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: verificationMembersQueryKey(groupId),
    queryFn: ({ pageParam, signal }) =>
      fetchVerificationMembers({
        signal,
        ...(groupId ? { groupId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
