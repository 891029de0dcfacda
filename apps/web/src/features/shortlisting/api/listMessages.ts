import type { CandidateMessagePage } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/messages?openingId=&applicationId=[&before=]: newest first. */
export async function fetchMessages(openingId: string, applicationId: string, before?: string, signal?: AbortSignal) {
  return apiData<CandidateMessagePage>('/api/organization/shortlisting/messages', {
    query: { openingId, applicationId, ...(before ? { before } : {}) },
    ...(signal ? { signal } : {}),
  });
}

export function useMessages(openingId: string, applicationId: string) {
  return useInfiniteQuery({
    queryKey: shortlistingKeys.messages(openingId, applicationId),
    queryFn: ({ pageParam, signal }) => fetchMessages(openingId, applicationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { silent: true },
  });
}
