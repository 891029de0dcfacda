import type { ReceivedApplicationsQuery } from '@placely/contract';

/** Query keys of the organization's openings; everything under `all` is refreshed after a change. */
export const openingKeys = {
  all: ['organization', 'openings'] as const,
  list: () => [...openingKeys.all, 'list'] as const,
  /** The openings picker's pages for one search (titles containing `q`). */
  choices: (q: string) => [...openingKeys.all, 'choices', q] as const,
  one: (id: string) => [...openingKeys.all, 'one', id] as const,
  applications: (id: string, order: NonNullable<ReceivedApplicationsQuery['order']>) =>
    [...openingKeys.all, 'applications', id, order] as const,
  /** The Summary tab's figures of one opening (under each filter). */
  summary: (id: string) => [...openingKeys.all, 'summary', id] as const,
  application: (id: string, applicationId: string) => [...openingKeys.all, 'application', id, applicationId] as const,
};
