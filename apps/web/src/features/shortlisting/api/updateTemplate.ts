import type { MessageTemplate, MessageTemplateInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PATCH /api/organization/shortlisting/templates. */
export async function updateTemplate(body: MessageTemplateInput & { id: string }) {
  const result = await apiRequest<{ data: MessageTemplate; message: string }>(
    '/api/organization/shortlisting/templates',
    { method: 'PATCH', body },
  );
  return { ...result.data, message: result.message };
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.templatesRoot }),
  });
}
