import type { VerificationGroupPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { QUERY_ROOTS } from '../../../lib/api/queryRoots';

/** Every verification query starts with this, so a change can refresh them all at once. */
export const VERIFICATION_QUERY_ROOT = QUERY_ROOTS.verification;
export type VerificationListView = 'joined' | 'pending';
export const verificationGroupsQueryKey = (view: VerificationListView) =>
  [...VERIFICATION_QUERY_ROOT, 'list', view] as const;

/**
 * GET /api/verification/groups/verification?view=: joined — the groups you belong to or asked to join; pending —
 * groups awaiting approval (platform verification admins).
 */
export function fetchVerificationGroups(view: VerificationListView, cursor?: string, signal?: AbortSignal) {
  return apiData<VerificationGroupPage>('/api/verification/groups/verification', {
    query: { view, cursor, limit: 20 },
    ...(signal ? { signal } : {}),
  });
}

export function useVerificationGroups(view: VerificationListView, enabled = true) {
  return useInfiniteQuery({
    queryKey: verificationGroupsQueryKey(view),
    queryFn: ({ pageParam, signal }) => fetchVerificationGroups(view, pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}
