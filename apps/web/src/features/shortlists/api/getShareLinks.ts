import type { ShareLink } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** GET /api/organization/shortlisting/sharable/link?shortlistId=: links with state and views. */
export function useShareLinks(shortlistId: string) {
  return useQuery({
    queryKey: shortlistKeys.links(shortlistId),
    queryFn: ({ signal }) =>
      apiData<{ items: ShareLink[] }>('/api/organization/shortlisting/sharable/link', {
        query: { shortlistId },
        signal,
      }),
  });
}
