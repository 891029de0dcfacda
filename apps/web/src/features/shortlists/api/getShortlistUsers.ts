import { SHORTLIST_LIMITS, type ShortlistUsers } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** GET /api/organization/shortlisting/id/users?id=&cursor=: the candidates in order, a page at a time. */
export function useShortlistUsers(id: string) {
  return useInfiniteQuery({
    queryKey: shortlistKeys.users(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiData<ShortlistUsers>('/api/organization/shortlisting/id/users', {
        query: { id, limit: SHORTLIST_LIMITS.pageSize, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
