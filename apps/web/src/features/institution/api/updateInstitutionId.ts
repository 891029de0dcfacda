import type { User } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { useAppStore } from '../../../lib/store';

export const updateInstitutionIdMutationKey = ['user', 'institutionId'] as const;

/** POST /api/updateInstitutionId {institutionId} → the updated user. */
export function updateInstitutionId(institutionId: number | null): Promise<User> {
  return apiData<User>('/api/updateInstitutionId', { method: 'POST', body: { institutionId } });
}

export function useUpdateInstitutionId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateInstitutionIdMutationKey,
    mutationFn: updateInstitutionId,
    onSuccess: (user) => {
      useAppStore.getState().setUser(user);
      void queryClient.invalidateQueries({ queryKey: ['institutionDetails'] });
    },
  });
}
