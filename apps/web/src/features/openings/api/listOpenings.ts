import { OPENING_LIMITS, type OpeningPage } from '@placely/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

export const OPENINGS_PAGE_SIZE = 20;

/** GET /api/organization/openings?cursor=&limit=&q=: your openings, newest first; `q` finds titles. */
export function fetchOpenings(cursor: string | null, signal?: AbortSignal, q?: string): Promise<OpeningPage> {
  return apiData<OpeningPage>('/api/organization/openings', {
    query: { cursor, limit: OPENINGS_PAGE_SIZE, q: q || null },
    ...(signal ? { signal } : {}),
  });
}

export function useOpenings() {
  return useInfiniteQuery({
    queryKey: openingKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchOpenings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Openings as {id, title} choices for the picker (scoping a team role, filtering the activity log): the server finds
 * titles containing `q` and pages them, so every opening can be reached however many there are.
 */
export function useOpeningChoices(q: string) {
  const search = q.trim().slice(0, OPENING_LIMITS.search);
  const query = useInfiniteQuery({
    queryKey: openingKeys.choices(search),
    queryFn: ({ pageParam, signal }) => fetchOpenings(pageParam, signal, search),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  const choices = (query.data?.pages ?? []).flatMap((page) =>
    page.items.map((opening) => ({ id: opening.id, title: opening.title })),
  );
  return {
    choices,
    loading: query.isFetching && !query.isFetchingNextPage,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
