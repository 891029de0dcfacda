import type { Shortlist } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useRefreshShortlist } from './changeShortlist';

/** DELETE /api/organization/shortlisting/id/users?id=&applicationId= */
export function useRemoveFromShortlist() {
  const refresh = useRefreshShortlist();
  return useMutation({
    mutationFn: (query: { id: string; applicationId: string }) =>
      apiRequest<{ data: Shortlist; message: string }>('/api/organization/shortlisting/id/users', {
        method: 'DELETE',
        query,
      }),
    onSuccess: (result) => refresh(result.data),
  });
}
