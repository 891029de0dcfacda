import type { CandidateTag, TagCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/tags */
export function createTag(body: TagCreateBody) {
  return apiData<CandidateTag>('/api/organization/shortlisting/tags', { method: 'POST', body });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.tags() }),
  });
}
