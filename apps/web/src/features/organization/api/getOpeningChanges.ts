import type { OpeningChanges } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const openingChangesQueryKey = (openingId: string) => ['organizations', 'changes', openingId] as const;

/** GET /api/organization/openings/id/changes?id=: who last changed the opening and each application. */
export function fetchOpeningChanges(openingId: string, signal?: AbortSignal) {
  return apiData<OpeningChanges>('/api/organization/openings/id/changes', {
    query: { id: openingId },
    ...(signal ? { signal } : {}),
  });
}

export function useOpeningChanges(openingId: string) {
  return useQuery({
    queryKey: openingChangesQueryKey(openingId),
    queryFn: ({ signal }) => fetchOpeningChanges(openingId, signal),
    meta: { silent: true },
  });
}
