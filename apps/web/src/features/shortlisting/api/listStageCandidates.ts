import type { ReceivedApplicationPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import type { FilterValues } from '../filters';
import { shortlistingKeys } from './keys';

export const BOARD_PAGE_SIZE = 10;

/**
 * GET /api/organization/openings/id/applications with the stage and the view's filter: one board column, oldest
 * first, a page at a time.
 */
export function fetchStageCandidates(
  openingId: string,
  stageId: string,
  filter: FilterValues,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReceivedApplicationPage> {
  return apiData<ReceivedApplicationPage>('/api/organization/openings/id/applications', {
    query: { ...filter, id: openingId, order: 'oldest', stageId, cursor, limit: BOARD_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function useStageCandidates(openingId: string, stageId: string, filter: FilterValues) {
  return useInfiniteQuery({
    queryKey: shortlistingKeys.board(openingId, stageId, filter),
    queryFn: ({ pageParam, signal }) => fetchStageCandidates(openingId, stageId, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { silent: true },
  });
}
