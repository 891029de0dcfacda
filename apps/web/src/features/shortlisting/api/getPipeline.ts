import type { Pipeline } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/stages?openingId=: stages with counts, release flag, abilities. */
export function fetchPipeline(openingId: string, signal?: AbortSignal): Promise<Pipeline> {
  return apiData<Pipeline>('/api/organization/shortlisting/stages', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
}

export function usePipeline(openingId: string, enabled = true) {
  return useQuery({
    enabled: enabled && openingId !== '',
    queryKey: shortlistingKeys.pipeline(openingId),
    queryFn: ({ signal }) => fetchPipeline(openingId, signal),
    meta: { silent: true },
  });
}
