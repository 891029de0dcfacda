import type { CandidateMessage } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/messages/cancel: a scheduled message, until it is sent. */
export async function cancelMessage(body: { openingId: string; messageId: string }) {
  const result = await apiRequest<{ data: CandidateMessage; message: string }>(
    '/api/organization/shortlisting/messages/cancel',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useCancelMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.messagesRoot }),
  });
}
