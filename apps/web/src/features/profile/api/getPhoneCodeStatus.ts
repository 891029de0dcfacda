import type { PhoneCodeStatus } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** `openedAt` makes each opening of the dialog ask afresh, so an earlier answer is never taken for the current one. */
export const phoneCodeStatusQueryKey = (phoneNumber: string, openedAt: number) =>
  ['user', 'phone', 'code', phoneNumber, openedAt] as const;

/** GET /api/profile/phone/code?phoneNumber=: whether a code already sent is live, and when a new one may be asked for. */
export function fetchPhoneCodeStatus(phoneNumber: string, signal?: AbortSignal): Promise<PhoneCodeStatus> {
  return apiData<PhoneCodeStatus>('/api/profile/phone/code', { query: { phoneNumber }, ...(signal ? { signal } : {}) });
}

export function usePhoneCodeStatus(phoneNumber: string, openedAt: number, enabled: boolean) {
  return useQuery({
    queryKey: phoneCodeStatusQueryKey(phoneNumber, openedAt),
    queryFn: ({ signal }) => fetchPhoneCodeStatus(phoneNumber, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
}
