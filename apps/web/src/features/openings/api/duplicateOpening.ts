import type { Opening } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** POST /api/organization/openings/id/duplicate {id}: a draft copy with the current form as its version 1. */
export function duplicateOpening(id: string): Promise<Opening> {
  return apiData<Opening>('/api/organization/openings/id/duplicate', { method: 'POST', body: { id } });
}

export function useDuplicateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateOpening,
    onSuccess: (opening) => {
      queryClient.setQueryData(openingKeys.one(opening.id), opening);
      return queryClient.invalidateQueries({ queryKey: openingKeys.list() });
    },
  });
}
