import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** One keyset page of any membership list (`{items, nextCursor}`). */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

export const PAGE_SIZE = 20;

/**
 * The infinite query every membership list uses: GET `path` with the kind's query, `cursor` and `limit`, next page from
 * `nextCursor`. The files beside this one (one per API call) give it their path and key.
 */
export function usePagedList<T>(
  queryKey: readonly unknown[],
  path: string,
  query: Record<string, string | undefined> = {},
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiData<Paged<T>>(path, { query: { ...query, cursor: pageParam || undefined, limit: PAGE_SIZE }, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

/** Every item of the pages loaded so far. */
export const itemsOf = <T>(data: { pages: Paged<T>[] } | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];
