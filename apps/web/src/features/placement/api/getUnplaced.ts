import { UNPLACED_PAGE_LIMIT, type UnplacedPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/statistics/unplaced: unplaced students with their applications in flight. */
export const fetchUnplaced = (cycleId: string, offset: number) =>
  apiData<UnplacedPage>('/api/placement/cycles/statistics/unplaced', {
    query: { cycleId, offset, limit: UNPLACED_PAGE_LIMIT },
  });
export const useUnplaced = (cycleId: string) =>
  useInfiniteQuery({
    queryKey: placementKeys.unplaced(cycleId),
    queryFn: ({ pageParam }) => fetchUnplaced(cycleId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
  });
