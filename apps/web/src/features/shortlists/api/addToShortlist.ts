import type { Shortlist } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useRefreshShortlist } from './changeShortlist';

/** POST /api/organization/shortlisting/id/users: candidates go at the end. */
export function useAddToShortlist() {
  const refresh = useRefreshShortlist();
  return useMutation({
    mutationFn: (body: { id: string; applicationIds: string[] }) =>
      apiRequest<{ data: Shortlist; message: string }>('/api/organization/shortlisting/id/users', {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => refresh(result.data),
  });
}
