import type { RatingCriteria } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/criteria?openingId= */
export function fetchCriteria(openingId: string, signal?: AbortSignal): Promise<RatingCriteria> {
  return apiData<RatingCriteria>('/api/organization/shortlisting/criteria', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
}

export function useCriteria(openingId: string) {
  return useQuery({
    queryKey: shortlistingKeys.criteria(openingId),
    queryFn: ({ signal }) => fetchCriteria(openingId, signal),
  });
}
