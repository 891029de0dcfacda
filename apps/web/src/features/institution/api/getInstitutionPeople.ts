import type { InstitutionPeople } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const institutionPeopleQueryKey = (institutionId: number) => ['institutions', 'people', institutionId] as const;

/** GET /api/institutions/user/role?institutionId=: who holds a role there (its root or a platform admin asks). */
export function fetchInstitutionPeople(institutionId: number, signal?: AbortSignal) {
  return apiData<InstitutionPeople>('/api/institutions/user/role', {
    query: { institutionId },
    ...(signal ? { signal } : {}),
  });
}

export function useInstitutionPeople(institutionId: number) {
  return useQuery({
    queryKey: institutionPeopleQueryKey(institutionId),
    queryFn: ({ signal }) => fetchInstitutionPeople(institutionId, signal),
  });
}
