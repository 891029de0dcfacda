import type { GroupPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** Every groups query starts with this, so a change can refresh them all at once. */
export const GROUPS_QUERY_ROOT = ['groups'] as const;
export const groupsQueryKey = (organizationId?: number) =>
  [...GROUPS_QUERY_ROOT, 'list', organizationId ?? 'mine'] as const;

/**
 * GET /api/groups: the caller's groups (an organization's own; an individual's joined and requested ones), or with
 * organizationId that organization's public groups. Keyset pages.
 */
export function fetchGroups(options: { cursor?: string; organizationId?: number; signal?: AbortSignal }) {
  return apiData<GroupPage>('/api/groups', {
    query: { cursor: options.cursor, organizationId: options.organizationId, limit: 20 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

export function useGroups(options: { organizationId?: number; enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: groupsQueryKey(options.organizationId),
    queryFn: ({ pageParam, signal }) =>
      fetchGroups({
        signal,
        ...(pageParam ? { cursor: pageParam } : {}),
        ...(options.organizationId ? { organizationId: options.organizationId } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: options.enabled ?? true,
  });
}
