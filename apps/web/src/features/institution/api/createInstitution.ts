import type { Institution, InstitutionCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiRequest } from '../../../lib/api/client';

/** POST /api/institutions: a platform verification admin adds an institution. */
export function createInstitution(body: InstitutionCreateBody) {
  return apiRequest<ApiResult<Institution>>('/api/institutions', { method: 'POST', body });
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstitution,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['institutions'] }),
  });
}
