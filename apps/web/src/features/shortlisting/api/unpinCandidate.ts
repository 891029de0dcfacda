import type { PinResult, UnpinQuery } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** DELETE /api/organization/shortlisting/candidate/pin?openingId=&applicationId= */
export function unpinCandidate(body: UnpinQuery): Promise<PinResult> {
  return apiData<PinResult>('/api/organization/shortlisting/candidate/pin', { method: 'DELETE', query: { ...body } });
}

export function useUnpinCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpinCandidate,
    onSuccess: (_result, body) =>
      queryClient.invalidateQueries({ queryKey: shortlistingKeys.rankingRoot(body.openingId) }),
  });
}
