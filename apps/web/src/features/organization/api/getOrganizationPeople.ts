import type { OrganizationPeople } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const organizationPeopleQueryKey = ['organizations', 'people'] as const;

/** GET /api/organization/people: the team of the organization acted for. */
export function fetchOrganizationPeople(signal?: AbortSignal) {
  return apiData<OrganizationPeople>('/api/organization/people', signal ? { signal } : {});
}

export function useOrganizationPeople(enabled = true) {
  return useQuery({
    queryKey: organizationPeopleQueryKey,
    queryFn: ({ signal }) => fetchOrganizationPeople(signal),
    enabled,
  });
}
