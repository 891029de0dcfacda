import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** DELETE /api/organization/shortlisting/templates?id=. */
export async function deleteTemplate(id: string) {
  const result = await apiRequest<{ data: { id: string }; message: string }>(
    '/api/organization/shortlisting/templates',
    { method: 'DELETE', query: { id } },
  );
  return { ...result.data, message: result.message };
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.templatesRoot }),
  });
}
