import {
  type AccountType,
  type IndividualProfileInput,
  isOrganizationAccount,
  type OrganizationProfileInput,
} from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type ProfileResponse, storeProfile } from './getProfile';

export const updateAccountDetailsMutationKey = ['user', 'accountDetails'] as const;

/** Spec §6: Organization → the organization endpoint; every other account type → the individual one. */
export function accountDetailsEndpoint(accountType: AccountType | null | undefined): string {
  return isOrganizationAccount(accountType) ? '/api/organization/profile' : '/api/individual/profile';
}

/** POST /api/organization/profile or /api/individual/profile with body {profile}. */
export function updateAccountDetails(
  accountType: AccountType | null | undefined,
  profile: IndividualProfileInput | OrganizationProfileInput,
): Promise<ProfileResponse> {
  return apiData<ProfileResponse>(accountDetailsEndpoint(accountType), { method: 'POST', body: { profile } });
}

export function useUpdateAccountDetails(accountType: AccountType | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateAccountDetailsMutationKey,
    mutationFn: (profile: IndividualProfileInput | OrganizationProfileInput) =>
      updateAccountDetails(accountType, profile),
    onSuccess: (response) => storeProfile(queryClient, response),
  });
}
