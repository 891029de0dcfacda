import type { Shortlist, ShortlistUpdateBody } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useRefreshShortlist } from './changeShortlist';

/** PATCH /api/organization/shortlisting/id: rename, or change the fields it shows. */
export function useUpdateShortlist() {
  const refresh = useRefreshShortlist();
  return useMutation({
    mutationFn: (body: ShortlistUpdateBody) =>
      apiRequest<{ data: Shortlist; message: string }>('/api/organization/shortlisting/id', { method: 'PATCH', body }),
    onSuccess: (result) => refresh(result.data),
  });
}
