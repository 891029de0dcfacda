import type { Group } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { GROUPS_QUERY_ROOT } from './listGroups';

export const groupDetailsQueryKey = (id: string, signedIn: boolean) =>
  [...GROUPS_QUERY_ROOT, 'details', id, signedIn] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/group/details/id?id=: a group's public details and, signed in, the caller's standing. */
export function fetchGroupDetails(id: string, signal?: AbortSignal) {
  return apiData<Group>('/api/group/details/id', { query: { id }, ...(signal ? { signal } : {}) });
}

export function useGroupDetails(id: string, signedIn: boolean) {
  return useQuery({
    queryKey: groupDetailsQueryKey(id, signedIn),
    queryFn: ({ signal }) => fetchGroupDetails(id, signal),
    // A malformed id cannot exist: no request, straight to "not found".
    enabled: UUID.test(id),
    retry: false,
    meta: { silent: true },
  });
}
