import type { StageMove } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/history?openingId=&applicationId=: oldest move first. */
export async function fetchStageHistory(openingId: string, applicationId: string, signal?: AbortSignal) {
  const data = await apiData<{ items: StageMove[] }>('/api/organization/shortlisting/history', {
    query: { openingId, applicationId },
    ...(signal ? { signal } : {}),
  });
  return data.items;
}

export function useStageHistory(openingId: string, applicationId: string | null) {
  return useQuery({
    queryKey: shortlistingKeys.history(openingId, applicationId ?? ''),
    queryFn: ({ signal }) => fetchStageHistory(openingId, applicationId ?? '', signal),
    enabled: applicationId !== null,
    meta: { silent: true },
  });
}
