import type { PinBody, PinResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PUT /api/organization/shortlisting/candidate/pin: above or below the computed order, with a reason. */
export function pinCandidate(body: PinBody): Promise<PinResult> {
  return apiData<PinResult>('/api/organization/shortlisting/candidate/pin', { method: 'PUT', body });
}

export function usePinCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pinCandidate,
    onSuccess: (_result, body) =>
      queryClient.invalidateQueries({ queryKey: shortlistingKeys.rankingRoot(body.openingId) }),
  });
}
