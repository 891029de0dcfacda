import type { FeedOpening, OpeningKind } from '@placely/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface FeedPage {
  items: FeedOpening[];
  nextCursor: string | null;
}

export interface FeedFilters {
  q: string;
  kind: OpeningKind | null;
  /** Part of a place name; "remote" also finds remote openings. */
  location: string;
  /** Only openings whose eligibility rules the signed-in person meets. */
  eligibleOnly: boolean;
}

export const openingsFeedQueryKey = (filters: FeedFilters) => ['quickApply', 'feed', filters] as const;
const PAGE_SIZE = 12;

/** GET /api/placements/campus/all/openings?q=&kind=&location=&eligibleOnly=&cursor=&limit=: open openings, newest first. */
export function fetchOpeningsFeed(
  filters: FeedFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return apiData<FeedPage>('/api/placements/campus/all/openings', {
    query: {
      q: filters.q.trim() || null,
      kind: filters.kind,
      location: filters.location.trim() || null,
      eligibleOnly: filters.eligibleOnly ? 'true' : null,
      cursor,
      limit: PAGE_SIZE,
    },
    ...(signal ? { signal } : {}),
  });
}

export function useOpeningsFeed(filters: FeedFilters) {
  return useInfiniteQuery({
    queryKey: openingsFeedQueryKey(filters),
    queryFn: ({ pageParam, signal }) => fetchOpeningsFeed(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Typing a search keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
