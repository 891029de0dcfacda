import type { Opening } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** GET /api/organization/openings/id?id=: one of your openings with its current form. */
export function fetchOpening(id: string, signal?: AbortSignal): Promise<Opening> {
  return apiData<Opening>('/api/organization/openings/id', { query: { id }, ...(signal ? { signal } : {}) });
}

export function useOpening(id: string | null) {
  return useQuery({
    queryKey: openingKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchOpening(id ?? '', signal),
    enabled: Boolean(id),
    meta: { silent: true },
  });
}
