import type { SharedShortlist } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistKeys } from './keys';

/**
 * GET /api/organization/shortlisting/sharable/view?link=: every call counts as a view, so it is fetched once per
 * visit (no refetch on focus or reconnect) and verdicts update the cached copy instead.
 */
export function useSharedShortlist(token: string) {
  return useQuery({
    queryKey: shortlistKeys.shared(token),
    queryFn: ({ signal }) =>
      apiData<SharedShortlist>('/api/organization/shortlisting/sharable/view', { query: { link: token }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    meta: { silent: true },
  });
}
