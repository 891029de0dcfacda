import type { Shortlist } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useRefreshShortlist } from './changeShortlist';

/** PUT /api/organization/shortlisting/id/users/order: every candidate once, in the new order. */
export function useReorderShortlist() {
  const refresh = useRefreshShortlist();
  return useMutation({
    mutationFn: (body: { id: string; applicationIds: string[] }) =>
      apiRequest<{ data: Shortlist; message: string }>('/api/organization/shortlisting/id/users/order', {
        method: 'PUT',
        body,
      }),
    onSuccess: (result) => refresh(result.data),
  });
}
