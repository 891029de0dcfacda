import type { OrganizationProfileInput, OrganizationProfileSaved } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiData } from '../../../lib/api/client';
import { myOrganizationsQueryKey } from './getMyOrganizations';
import { organizationProfileQueryKey } from './getOrganizationProfile';

/** POST /api/organization/profile {profile}: an owner saves the profile of the organization acted for. */
export function updateOrganizationProfile(profile: OrganizationProfileInput) {
  return apiData<OrganizationProfileSaved>('/api/organization/profile', { method: 'POST', body: { profile } });
}

/** Saves and keeps the caches in step (the form runs it as its own mutation, so errors are reported once). */
export function useSaveOrganizationProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile: OrganizationProfileInput) => {
      const saved = await updateOrganizationProfile(profile);
      queryClient.setQueryData(organizationProfileQueryKey, saved.organization);
      // The account-menu switch shows the name.
      void queryClient.invalidateQueries({ queryKey: myOrganizationsQueryKey });
      return saved;
    },
    [queryClient],
  );
}
