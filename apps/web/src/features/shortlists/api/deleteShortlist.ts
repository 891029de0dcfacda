import type { Shortlist } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** DELETE /api/organization/shortlisting/id?id= */
export function useDeleteShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shortlist: Pick<Shortlist, 'id' | 'openingId'>) =>
      apiRequest<{ data: { id: string }; message: string }>('/api/organization/shortlisting/id', {
        method: 'DELETE',
        query: { id: shortlist.id },
      }),
    onSuccess: (_result, shortlist) =>
      queryClient.invalidateQueries({ queryKey: shortlistKeys.ofOpening(shortlist.openingId) }),
  });
}
