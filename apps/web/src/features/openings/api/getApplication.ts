import type { ReceivedApplicationDetail } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** GET /api/organization/openings/id/applications/one?id=&applicationId=: one application with every revision. */
export function fetchApplication(
  id: string,
  applicationId: string,
  signal?: AbortSignal,
): Promise<ReceivedApplicationDetail> {
  return apiData<ReceivedApplicationDetail>('/api/organization/openings/id/applications/one', {
    query: { id, applicationId },
    ...(signal ? { signal } : {}),
  });
}

export function useApplication(id: string, applicationId: string | null) {
  return useQuery({
    queryKey: openingKeys.application(id, applicationId ?? ''),
    queryFn: ({ signal }) => fetchApplication(id, applicationId ?? '', signal),
    enabled: Boolean(applicationId),
    meta: { silent: true },
  });
}
