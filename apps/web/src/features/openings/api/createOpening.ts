import type { Opening, OpeningInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** POST /api/organization/openings: creates an opening (its form becomes version 1). */
export function createOpening(input: OpeningInput): Promise<Opening> {
  return apiData<Opening>('/api/organization/openings', { method: 'POST', body: input });
}

export function useCreateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpening,
    // The editor shows the refusal next to the fields.
    meta: { silent: true },
    onSuccess: (opening) => {
      queryClient.setQueryData(openingKeys.one(opening.id), opening);
      return queryClient.invalidateQueries({ queryKey: openingKeys.list() });
    },
  });
}
