import type { ShareLink, ShareLinkCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** POST /api/organization/shortlisting/sharable/link: the answer carries the address, once. */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareLinkCreateBody) =>
      apiRequest<{ data: ShareLink; message: string }>('/api/organization/shortlisting/sharable/link', {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => queryClient.invalidateQueries({ queryKey: shortlistKeys.links(result.data.shortlistId) }),
  });
}
