import type { CandidateTags } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/tags: the organization's candidate tags and whether the caller keeps them. */
export function fetchTags(signal?: AbortSignal) {
  return apiData<CandidateTags>('/api/organization/shortlisting/tags', signal ? { signal } : {});
}

export function useTags() {
  return useQuery({
    queryKey: shortlistingKeys.tags(),
    queryFn: ({ signal }) => fetchTags(signal),
    meta: { silent: true },
  });
}
