import type { RootInstitutions } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const rootInstitutionsQueryKey = ['institutions', 'root'] as const;

/** GET /api/institutions/user/role/root: the institutions you are root of. */
export function fetchRootInstitutions(signal?: AbortSignal) {
  return apiData<RootInstitutions>('/api/institutions/user/role/root', signal ? { signal } : {});
}

export function useRootInstitutions(enabled = true) {
  return useQuery({
    queryKey: rootInstitutionsQueryKey,
    queryFn: ({ signal }) => fetchRootInstitutions(signal),
    enabled,
  });
}
