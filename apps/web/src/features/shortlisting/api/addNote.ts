import type { CandidateNote, NoteCreateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** POST /api/organization/shortlisting/notes */
export function addNote(body: NoteCreateBody) {
  return apiData<CandidateNote>('/api/organization/shortlisting/notes', { method: 'POST', body });
}

export function useAddNote(openingId: string, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addNote({ openingId, applicationId, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.notes(openingId, applicationId) }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.candidate(openingId, applicationId) }),
      ]),
  });
}
