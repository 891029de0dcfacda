import type { UpdateUserProfileBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ProfileResponse, storeProfile } from './getProfile';

export const updatePhoneNumbersMutationKey = ['user', 'profile', 'update'] as const;

/** POST /api/user/profile {phoneNumbers:[{number}]}: numbers left out are removed. */
export function updatePhoneNumbers(body: UpdateUserProfileBody): Promise<ProfileResponse> {
  return apiData<ProfileResponse>('/api/user/profile', { method: 'POST', body });
}

export function useUpdatePhoneNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePhoneNumbersMutationKey,
    mutationFn: updatePhoneNumbers,
    onSuccess: (response) => storeProfile(queryClient, response),
  });
}
