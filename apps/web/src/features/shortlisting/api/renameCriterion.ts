import type { CriterionUpdateBody, RatingCriteria } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PATCH /api/organization/shortlisting/criteria */
export function renameCriterion(body: CriterionUpdateBody): Promise<RatingCriteria> {
  return apiData<RatingCriteria>('/api/organization/shortlisting/criteria', { method: 'PATCH', body });
}

export function useRenameCriterion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameCriterion,
    onSuccess: (criteria) => {
      queryClient.setQueryData(shortlistingKeys.criteria(criteria.openingId), criteria);
      return queryClient.invalidateQueries({ queryKey: shortlistingKeys.all });
    },
  });
}
