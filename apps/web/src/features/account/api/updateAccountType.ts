import type { User } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { useAppStore } from '../../../lib/store';

export type SelectableAccountType = 'Individual' | 'Organization';

export const updateAccountTypeMutationKey = ['user', 'account'] as const;

/** GET /api/user/account?account=Individual|Organization → the updated user. */
export function updateAccountType(account: SelectableAccountType): Promise<User> {
  return apiData<User>('/api/user/account', { query: { account } });
}

export function useUpdateAccountType() {
  return useMutation({
    mutationKey: updateAccountTypeMutationKey,
    mutationFn: updateAccountType,
    onSuccess: (user) => useAppStore.getState().setUser(user),
  });
}
