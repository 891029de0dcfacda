import type { CriterionCreateBody, RatingCriteria } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/criteria: a new rating criterion. */
export function addCriterion(body: CriterionCreateBody): Promise<RatingCriteria> {
  return apiData<RatingCriteria>('/api/organization/shortlisting/criteria', { method: 'POST', body });
}

export function useAddCriterion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCriterion,
    onSuccess: (criteria) => {
      queryClient.setQueryData(shortlistingKeys.criteria(criteria.openingId), criteria);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.all });
    },
  });
}
