import type { CandidateNote } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/notes?openingId=&applicationId=: oldest first. */
export async function fetchNotes(openingId: string, applicationId: string, signal?: AbortSignal) {
  const data = await apiData<{ items: CandidateNote[] }>('/api/organization/shortlisting/notes', {
    query: { openingId, applicationId },
    ...(signal ? { signal } : {}),
  });
  return data.items;
}

export function useNotes(openingId: string, applicationId: string) {
  return useQuery({
    queryKey: shortlistingKeys.notes(openingId, applicationId),
    queryFn: ({ signal }) => fetchNotes(openingId, applicationId, signal),
    meta: { silent: true },
  });
}
