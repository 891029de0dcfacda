import type { CandidateSummary } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/candidate?openingId=&applicationId=: the panel's profile, tags, notes count. */
export function fetchCandidate(openingId: string, applicationId: string, signal?: AbortSignal) {
  return apiData<CandidateSummary>('/api/organization/shortlisting/candidate', {
    query: { openingId, applicationId },
    ...(signal ? { signal } : {}),
  });
}

export function useCandidate(openingId: string, applicationId: string) {
  return useQuery({
    queryKey: shortlistingKeys.candidate(openingId, applicationId),
    queryFn: ({ signal }) => fetchCandidate(openingId, applicationId, signal),
    meta: { silent: true },
  });
}
