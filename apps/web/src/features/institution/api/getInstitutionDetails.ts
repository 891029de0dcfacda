import type { Institution } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const institutionDetailsQueryKey = (institutionId: number | null | undefined) =>
  ['institutionDetails', institutionId ?? null] as const;

/** GET /api/institutionDetailsById?institutionId= → Institution[]; the first item is used. */
export async function fetchInstitutionDetails(
  institutionId: number,
  signal?: AbortSignal,
): Promise<Institution | null> {
  const list = await apiData<Institution[]>('/api/institutionDetailsById', {
    query: { institutionId },
    ...(signal ? { signal } : {}),
  });
  return list[0] ?? null;
}

export function useInstitutionDetails(institutionId: number | null | undefined) {
  return useQuery({
    queryKey: institutionDetailsQueryKey(institutionId),
    queryFn: ({ signal }) => fetchInstitutionDetails(institutionId as number, signal),
    enabled: typeof institutionId === 'number',
    staleTime: 5 * 60_000,
  });
}
