import type { RejectBody, RejectResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/reject: one candidate, a reason, and an optional mail now or later. */
export async function rejectCandidate(body: RejectBody) {
  const result = await apiRequest<{ data: RejectResult; message: string }>('/api/organization/shortlisting/reject', {
    method: 'POST',
    body,
  });
  return { ...result.data, message: result.message };
}

export function useRejectCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCandidate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.all }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot }),
      ]),
  });
}
