import type { SuggestedInstitutions } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const suggestedInstitutionsQueryKey = ['institutions', 'suggested'] as const;

/** GET /api/institutions/suggested: institutions whose domain matches your email. */
export function fetchSuggestedInstitutions(signal?: AbortSignal) {
  return apiData<SuggestedInstitutions>('/api/institutions/suggested', signal ? { signal } : {});
}

export function useSuggestedInstitutions() {
  return useQuery({
    queryKey: suggestedInstitutionsQueryKey,
    queryFn: ({ signal }) => fetchSuggestedInstitutions(signal),
    staleTime: 5 * 60_000,
  });
}
