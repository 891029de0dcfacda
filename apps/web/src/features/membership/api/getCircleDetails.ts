import type { Circle } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import type { MembershipKind } from '../kinds';

export const circleDetailsQueryKey = (kind: MembershipKind, id: string, signedIn: boolean) =>
  [...kind.queryRoot, 'details', id, signedIn] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET `${base}/details/id?id=`: a circle's public details and, signed in, the caller's standing. */
export function fetchCircleDetails<C extends Circle>(kind: MembershipKind<C>, id: string, signal?: AbortSignal) {
  return apiData<C>(`${kind.api.base}/details/id`, { query: { id }, ...(signal ? { signal } : {}) });
}

export function useCircleDetails<C extends Circle>(kind: MembershipKind<C>, id: string, signedIn: boolean) {
  return useQuery({
    queryKey: circleDetailsQueryKey(kind as MembershipKind, id, signedIn),
    queryFn: ({ signal }) => fetchCircleDetails(kind, id, signal),
    // A malformed id cannot exist: no request, straight to "not found".
    enabled: UUID.test(id),
    retry: false,
    meta: { silent: true },
  });
}
