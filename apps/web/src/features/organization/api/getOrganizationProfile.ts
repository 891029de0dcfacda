import type { OrganizationProfileView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const organizationProfileQueryKey = ['organizations', 'profile'] as const;

/** GET /api/organization/profile: the profile of the organization acted for, with the caller's abilities. */
export function fetchOrganizationProfile(signal?: AbortSignal) {
  return apiData<OrganizationProfileView>('/api/organization/profile', signal ? { signal } : {});
}

export function useOrganizationProfile(enabled = true) {
  return useQuery({
    queryKey: organizationProfileQueryKey,
    queryFn: ({ signal }) => fetchOrganizationProfile(signal),
    enabled,
    // The page shows a refusal itself (a deleted organization's notice), so no snackbar repeats it.
    meta: { silent: true },
  });
}
