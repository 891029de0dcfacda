import type { WithdrawBody, WithdrawResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { myApplicationsQueryKey } from './listMyApplications';

/** POST /api/placements/campus/withdraw: the person's own application, with an optional reason. Final. */
export async function withdrawApplication(body: WithdrawBody) {
  const result = await apiRequest<{ data: WithdrawResult; message: string }>('/api/placements/campus/withdraw', {
    method: 'POST',
    body,
  });
  return { ...result.data, message: result.message };
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myApplicationsQueryKey }),
  });
}
