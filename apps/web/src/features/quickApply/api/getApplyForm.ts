import type { PublicOpening } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** Who is asking changes the answer (viewer, draft, prefill), so the key carries it; 'anonymous' when signed out. */
export const applyFormQueryKey = (openingId: string, viewer: number | 'anonymous') =>
  ['quickApply', 'form', openingId, viewer] as const;

/** GET /api/placements/campus/apply?openingId=: the public form; works signed out (the token is sent when there is one). */
export function fetchApplyForm(openingId: string, signal?: AbortSignal): Promise<PublicOpening> {
  return apiData<PublicOpening>('/api/placements/campus/apply', {
    query: { openingId },
    ...(signal ? { signal } : {}),
  });
}

export function useApplyForm(openingId: string, viewer: number | 'anonymous' | null) {
  return useQuery({
    queryKey: applyFormQueryKey(openingId, viewer ?? 'anonymous'),
    queryFn: ({ signal }) => fetchApplyForm(openingId, signal),
    // Waits while a session is being restored, so a signed-in person never sees the anonymous page first.
    enabled: viewer !== null,
    // The page shows its own screens for 404 and the like.
    meta: { silent: true },
    staleTime: 0,
  });
}
