import type { PhoneCodeSent } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** POST /api/profile/phone/code {phoneNumber}: sends a one-time code by SMS. */
export function requestPhoneCode(phoneNumber: string): Promise<PhoneCodeSent> {
  return apiData<PhoneCodeSent>('/api/profile/phone/code', { method: 'POST', body: { phoneNumber } });
}

export function useRequestPhoneCode() {
  return useMutation({ mutationKey: ['user', 'phone', 'code'], mutationFn: requestPhoneCode, meta: { silent: true } });
}
