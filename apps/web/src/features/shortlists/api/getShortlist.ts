import type { Shortlist } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** GET /api/organization/shortlisting/id?id= */
export function useShortlist(id: string) {
  return useQuery({
    queryKey: shortlistKeys.one(id),
    queryFn: ({ signal }) => apiData<Shortlist>('/api/organization/shortlisting/id', { query: { id }, signal }),
  });
}
