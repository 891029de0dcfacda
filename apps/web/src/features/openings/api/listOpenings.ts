import type { OpeningPage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

export const OPENINGS_PAGE_SIZE = 20;

/** GET /api/organization/openings?cursor=&limit=: your openings, newest first. */
export function fetchOpenings(cursor: string | null, signal?: AbortSignal): Promise<OpeningPage> {
  return apiData<OpeningPage>('/api/organization/openings', {
    query: { cursor, limit: OPENINGS_PAGE_SIZE },
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

/** The loaded openings as {id, title} choices (scoping a team role, filtering the activity log). */
export function useOpeningChoices(): { id: string; title: string }[] {
  const openings = useOpenings();
  return (openings.data?.pages ?? []).flatMap((page) =>
    page.items.map((opening) => ({ id: opening.id, title: opening.title })),
  );
}
