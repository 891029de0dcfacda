import type { CheckPhoneCodeBody } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** POST /api/profile/phone/code/check {phoneNumber, code}: accepts the code; the number is then recorded verified. */
export function checkPhoneCode(body: CheckPhoneCodeBody): Promise<{ phoneNumber: string; verified: true }> {
  return apiData('/api/profile/phone/code/check', { method: 'POST', body });
}

export function useCheckPhoneCode() {
  return useMutation({ mutationKey: ['user', 'phone', 'check'], mutationFn: checkPhoneCode, meta: { silent: true } });
}
