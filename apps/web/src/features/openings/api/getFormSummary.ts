import type { FormSummary, FormSummaryQuery } from '@placely/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';
import type { ApplicationsFilter } from './listApplications';

export type Knockouts = NonNullable<FormSummaryQuery['knockouts']>;

/** GET /api/organization/openings/id/applications/summary?id=&<filters>&knockouts=: the Summary tab's figures. */
export function fetchFormSummary(
  id: string,
  filter: ApplicationsFilter,
  knockouts: Knockouts,
  signal?: AbortSignal,
): Promise<FormSummary> {
  return apiData<FormSummary>('/api/organization/openings/id/applications/summary', {
    query: { ...filter, id, knockouts },
    ...(signal ? { signal } : {}),
  });
}

export function useFormSummary(id: string, filter: ApplicationsFilter, knockouts: Knockouts) {
  return useQuery({
    queryKey: [...openingKeys.summary(id), filter, knockouts],
    queryFn: ({ signal }) => fetchFormSummary(id, filter, knockouts, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
