import type { MessageTemplate, MessageTemplateInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/templates. */
export async function createTemplate(body: MessageTemplateInput) {
  const result = await apiRequest<{ data: MessageTemplate; message: string }>(
    '/api/organization/shortlisting/templates',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.templatesRoot }),
  });
}
