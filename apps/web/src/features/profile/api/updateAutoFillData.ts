import type { AutoFillData, UpdateAutoFillDataBody } from '@placely/contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const updateAutoFillDataMutationKey = ['user', 'autoFillData'] as const;

/** POST /api/user/update/autoFillData {autoFillData} (null removes a key) → the stored autoFillData. */
export function updateAutoFillData(autoFillData: UpdateAutoFillDataBody['autoFillData']): Promise<AutoFillData> {
  return apiData<{ autoFillData: AutoFillData }>('/api/user/update/autoFillData', {
    method: 'POST',
    body: { autoFillData },
  }).then((data) => data.autoFillData);
}

export function useUpdateAutoFillData() {
  return useMutation({ mutationKey: updateAutoFillDataMutationKey, mutationFn: updateAutoFillData });
}
