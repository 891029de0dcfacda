import type { AuditEventPage, AuditKind } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface ActivityFilters {
  person?: number | undefined;
  openingId?: string | undefined;
  kind?: AuditKind | undefined;
}

export const activityQueryKey = (filters: ActivityFilters) => ['organizations', 'activity', filters] as const;

/** GET /api/organization/activity: the audit trail, newest first (owners). */
export function fetchActivity(filters: ActivityFilters, cursor: string | null, signal?: AbortSignal) {
  return apiData<AuditEventPage>('/api/organization/activity', {
    query: { ...filters, cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: activityQueryKey(filters),
    queryFn: ({ pageParam, signal }) => fetchActivity(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
