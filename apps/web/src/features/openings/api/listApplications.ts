import type { ReceivedApplicationPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

export type ResponseOrder = 'newest' | 'oldest';
export const APPLICATIONS_PAGE_SIZE = 25;

/** GET /api/organization/openings/id/applications?id=&order=&stageId=&cursor=&limit=: the responses to one opening. */
export function fetchApplications(
  id: string,
  order: ResponseOrder,
  cursor: string | null,
  signal?: AbortSignal,
  stageId: string | null = null,
): Promise<ReceivedApplicationPage> {
  return apiData<ReceivedApplicationPage>('/api/organization/openings/id/applications', {
    query: { id, order, stageId, cursor, limit: APPLICATIONS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function useApplications(id: string, order: ResponseOrder, stageId: string | null = null) {
  return useInfiniteQuery({
    queryKey: [...openingKeys.applications(id, order), stageId],
    queryFn: ({ pageParam, signal }) => fetchApplications(id, order, pageParam, signal, stageId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silent: true },
  });
}
