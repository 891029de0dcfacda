import type { ShareLink } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** DELETE /api/organization/shortlisting/sharable/link?id= */
export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ data: ShareLink; message: string }>('/api/organization/shortlisting/sharable/link', {
        method: 'DELETE',
        query: { id },
      }),
    onSuccess: (result) => queryClient.invalidateQueries({ queryKey: shortlistKeys.links(result.data.shortlistId) }),
  });
}
