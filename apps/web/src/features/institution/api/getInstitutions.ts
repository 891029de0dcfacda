import type { Institution } from '@placely/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const institutionsQueryKey = (search: string) => ['institutions', search] as const;

/** GET /api/institutions?search= → Institution[]. */
export function fetchInstitutions(search: string, signal?: AbortSignal): Promise<Institution[]> {
  return apiData<Institution[]>('/api/institutions', {
    query: { search: search.trim() || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function useInstitutions(search: string, enabled = true) {
  return useQuery({
    queryKey: institutionsQueryKey(search.trim()),
    queryFn: ({ signal }) => fetchInstitutions(search, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
