import type { CandidateRatings } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/ratings?openingId=&applicationId=: others’ ratings only after one’s own. */
export function fetchRatings(
  openingId: string,
  applicationId: string,
  signal?: AbortSignal,
): Promise<CandidateRatings> {
  return apiData<CandidateRatings>('/api/organization/shortlisting/ratings', {
    query: { openingId, applicationId },
    ...(signal ? { signal } : {}),
  });
}

export function useRatings(openingId: string, applicationId: string) {
  return useQuery({
    queryKey: shortlistingKeys.ratings(openingId, applicationId),
    queryFn: ({ signal }) => fetchRatings(openingId, applicationId, signal),
  });
}
