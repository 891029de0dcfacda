import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** DELETE /api/organization/shortlisting/notes?openingId=&noteId=: the author's own note. */
export function deleteNote(openingId: string, noteId: string) {
  return apiData<{ id: string }>('/api/organization/shortlisting/notes', {
    method: 'DELETE',
    query: { openingId, noteId },
  });
}

export function useDeleteNote(openingId: string, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(openingId, noteId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.notes(openingId, applicationId) }),
        queryClient.invalidateQueries({ queryKey: shortlistingKeys.candidate(openingId, applicationId) }),
      ]),
  });
}
