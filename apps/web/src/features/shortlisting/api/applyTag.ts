import type { TagApplyBody, TagApplyResult } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/tags/apply: one tag on or off, by ids or every application matching a filter. */
export async function applyTag(body: TagApplyBody): Promise<TagApplyResult & { message: string }> {
  const result = await apiRequest<{ data: TagApplyResult; message: string }>(
    '/api/organization/shortlisting/tags/apply',
    { method: 'POST', body },
  );
  return { ...result.data, message: result.message };
}

export function useApplyTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTag,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.all }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.responsesRoot }),
      ]),
  });
}
