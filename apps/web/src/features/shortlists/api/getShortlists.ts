import type { ShortlistList } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/** GET /api/organization/shortlisting/lists?openingId= */
export function useShortlists(openingId: string) {
  return useQuery({
    queryKey: shortlistKeys.ofOpening(openingId),
    queryFn: ({ signal }) =>
      apiData<ShortlistList>('/api/organization/shortlisting/lists', { query: { openingId }, signal }),
    meta: { silent: true },
  });
}
