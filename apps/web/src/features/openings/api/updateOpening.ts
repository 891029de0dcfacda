import type { Opening, OpeningInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** PUT /api/organization/openings/id {id, opening}: a changed form is kept as a new version. */
export function updateOpening(id: string, opening: OpeningInput): Promise<Opening> {
  return apiData<Opening>('/api/organization/openings/id', { method: 'PUT', body: { id, opening } });
}

export function useUpdateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, opening }: { id: string; opening: OpeningInput }) => updateOpening(id, opening),
    meta: { silent: true },
    onSuccess: (opening) => {
      queryClient.setQueryData(openingKeys.one(opening.id), opening);
      return queryClient.invalidateQueries({ queryKey: openingKeys.list() });
    },
  });
}
