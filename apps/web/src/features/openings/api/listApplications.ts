import type { ReceivedApplicationPage, ResponseOrder } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

export type { ResponseOrder };
export const APPLICATIONS_PAGE_SIZE = 25;

/** The list's filters (the contract's applicationFilterSchema fields, as text: stageId, q, tagIds, answers…). */
export type ApplicationsFilter = Record<string, string | undefined>;

/** GET /api/organization/openings/id/applications?id=&order=&cursor=&limit=&<filters>: the responses to one opening. */
export function fetchApplications(
  id: string,
  order: ResponseOrder,
  cursor: string | null,
  signal?: AbortSignal,
  filter: ApplicationsFilter = {},
): Promise<ReceivedApplicationPage> {
  return apiData<ReceivedApplicationPage>('/api/organization/openings/id/applications', {
    query: { ...filter, id, order, cursor, limit: APPLICATIONS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function useApplications(id: string, order: ResponseOrder, filter: ApplicationsFilter = {}) {
  return useInfiniteQuery({
    queryKey: [...openingKeys.applications(id, order), filter],
    queryFn: ({ pageParam, signal }) => fetchApplications(id, order, pageParam, signal, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silent: true },
  });
}
