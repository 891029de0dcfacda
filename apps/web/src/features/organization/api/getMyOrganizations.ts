import type { MyOrganizations } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const myOrganizationsQueryKey = ['organizations', 'mine'] as const;

/** GET /api/user/organizations: the organizations the signed-in person belongs to (the account-menu switch). */
export function fetchMyOrganizations(signal?: AbortSignal) {
  return apiData<MyOrganizations>('/api/user/organizations', signal ? { signal } : {});
}

export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: myOrganizationsQueryKey,
    queryFn: ({ signal }) => fetchMyOrganizations(signal),
    enabled,
    meta: { silent: true },
  });
}
