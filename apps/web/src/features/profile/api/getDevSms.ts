import type { DevSmsMessage } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const devSmsQueryKey = (phoneNumber: string, sentAt: string | undefined) =>
  ['dev', 'sms', phoneNumber, sentAt] as const;

/** GET /api/dev/sms/latest: development servers only — the SMS that would have gone to the phone. */
export function fetchDevSms(phoneNumber: string, signal?: AbortSignal): Promise<DevSmsMessage> {
  return apiData<DevSmsMessage>('/api/dev/sms/latest', { query: { phoneNumber }, ...(signal ? { signal } : {}) });
}

export function useDevSms(phoneNumber: string, sentAt: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: devSmsQueryKey(phoneNumber, sentAt),
    queryFn: ({ signal }) => fetchDevSms(phoneNumber, signal),
    enabled: enabled && Boolean(sentAt),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}
