import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ProfileResponse, storeProfile } from './getProfile';

export const markPhoneVerifiedMutationKey = ['user', 'profile', 'phoneVerified'] as const;

/** POST /api/profile/phone/verified {phoneNumber}: marks the number verified and primary. */
export function markPhoneVerified(phoneNumber: string): Promise<ProfileResponse> {
  return apiData<ProfileResponse>('/api/profile/phone/verified', { method: 'POST', body: { phoneNumber } });
}

export function useMarkPhoneVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markPhoneVerifiedMutationKey,
    mutationFn: markPhoneVerified,
    onSuccess: (response) => storeProfile(queryClient, response),
  });
}
