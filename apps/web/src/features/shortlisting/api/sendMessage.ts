import type { MessageSendBody, MessageSendResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/messages: by ids or every candidate matching a filter, now or later. */
export async function sendMessage(body: MessageSendBody) {
  const result = await apiRequest<{ data: MessageSendResult; message: string }>(
    '/api/organization/shortlisting/messages',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.messagesRoot }),
  });
}
