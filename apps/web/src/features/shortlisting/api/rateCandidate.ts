import type { CandidateRatings, RatingBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PUT /api/organization/shortlisting/ratings: the caller rates one candidate 1–5 on one criterion. */
export function rateCandidate(body: RatingBody): Promise<CandidateRatings> {
  return apiData<CandidateRatings>('/api/organization/shortlisting/ratings', { method: 'PUT', body });
}

export function useRateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateCandidate,
    onSuccess: (ratings, body) => {
      queryClient.setQueryData(shortlistingKeys.ratings(body.openingId, ratings.applicationId), ratings);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.rankingRoot(body.openingId) });
    },
  });
}
