import type { CriterionDeleteQuery, RatingCriteria } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** DELETE /api/organization/shortlisting/criteria?openingId=&criterionId= (its ratings go too). */
export function removeCriterion(body: CriterionDeleteQuery): Promise<RatingCriteria> {
  return apiData<RatingCriteria>('/api/organization/shortlisting/criteria', { method: 'DELETE', query: { ...body } });
}

export function useRemoveCriterion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCriterion,
    onSuccess: (criteria) => {
      queryClient.setQueryData(shortlistingKeys.criteria(criteria.openingId), criteria);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.all });
    },
  });
}
