import type { MyApplication } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface MyApplicationPage {
  items: MyApplication[];
  nextCursor: string | null;
}

export const myApplicationsQueryKey = ['quickApply', 'myApplications'] as const;
const PAGE_SIZE = 20;

/** GET /api/placements/campus/applications?cursor=&limit=: the signed-in person's applications, newest first. */
export function fetchMyApplications(cursor: string | null, signal?: AbortSignal): Promise<MyApplicationPage> {
  return apiData<MyApplicationPage>('/api/placements/campus/applications', {
    query: { cursor, limit: PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function useMyApplications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: myApplicationsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchMyApplications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}
