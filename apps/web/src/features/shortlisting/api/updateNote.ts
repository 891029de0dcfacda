import type { CandidateNote, NoteUpdateBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** PATCH /api/organization/shortlisting/notes: the author's own note. */
export function updateNote(body: NoteUpdateBody) {
  return apiData<CandidateNote>('/api/organization/shortlisting/notes', { method: 'PATCH', body });
}

export function useUpdateNote(openingId: string, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { noteId: string; body: string }) => updateNote({ openingId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistingKeys.notes(openingId, applicationId) }),
  });
}
