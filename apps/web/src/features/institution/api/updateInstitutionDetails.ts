import type { Institution, InstitutionUpdateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** PATCH /api/institutionDetailsById: the root changes the institution's name, city, website and domain. */
export function updateInstitutionDetails(body: InstitutionUpdateBody) {
  return apiData<Institution[]>('/api/institutionDetailsById', { method: 'PATCH', body });
}

export function useUpdateInstitutionDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstitutionDetails,
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['institutions'] });
      void queryClient.invalidateQueries({ queryKey: ['institutionDetails'] });
    },
  });
}
