import type { OrganizationPeople } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const organizationPeopleQueryKey = ['organizations', 'people'] as const;

/** People a page asks for; the server caps pages at the contract's maximum. */
export const PEOPLE_PAGE_SIZE = 50;

/** GET /api/organization/people?cursor=&limit=: one page of the team (and open invitations) of the organization acted for. */
export function fetchOrganizationPeople(cursor?: string, signal?: AbortSignal) {
  return apiData<OrganizationPeople>('/api/organization/people', {
    query: { cursor: cursor || undefined, limit: PEOPLE_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/** The team page by page ("Show more people" loads the next); abilities come with every page. */
export function useOrganizationPeople(enabled = true) {
  return useInfiniteQuery({
    queryKey: organizationPeopleQueryKey,
    queryFn: ({ pageParam, signal }) => fetchOrganizationPeople(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled,
  });
}

/** Everyone on the pages loaded so far. */
export const peopleOf = (data: { pages: OrganizationPeople[] } | undefined) =>
  data?.pages.flatMap((page) => page.people) ?? [];
