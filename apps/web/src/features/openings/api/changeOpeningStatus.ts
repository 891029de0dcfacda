import type { Opening, OpeningStatus } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** POST /api/organization/openings/id/status {id, status}: publish, close or reopen. */
export function changeOpeningStatus(id: string, status: OpeningStatus): Promise<Opening> {
  return apiData<Opening>('/api/organization/openings/id/status', { method: 'POST', body: { id, status } });
}

export function useChangeOpeningStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OpeningStatus }) => changeOpeningStatus(id, status),
    onSuccess: (opening) => {
      queryClient.setQueryData(openingKeys.one(opening.id), opening);
      return queryClient.invalidateQueries({ queryKey: openingKeys.list() });
    },
  });
}
