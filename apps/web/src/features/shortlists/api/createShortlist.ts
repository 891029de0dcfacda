import type { Shortlist, ShortlistCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** POST /api/organization/shortlisting/lists */
export function useCreateShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShortlistCreateBody) =>
      apiRequest<{ data: Shortlist; message: string }>('/api/organization/shortlisting/lists', {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => queryClient.invalidateQueries({ queryKey: shortlistKeys.ofOpening(result.data.openingId) }),
  });
}
