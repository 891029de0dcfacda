import type { ViewersPage } from '@placely/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const viewersQueryKey = (page: number) => ['user', 'viewers', page] as const;

/** GET /api/user/viewers?page=: organizations that viewed your portfolio or resume, newest first. */
export function fetchViewers(page: number, signal?: AbortSignal) {
  return apiData<ViewersPage>('/api/user/viewers', { query: { page, pageSize: 10 }, ...(signal ? { signal } : {}) });
}

export function useViewers(page: number) {
  return useQuery({
    queryKey: viewersQueryKey(page),
    queryFn: ({ signal }) => fetchViewers(page, signal),
    placeholderData: keepPreviousData,
  });
}
