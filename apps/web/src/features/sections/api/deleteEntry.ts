import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import type { EntryList } from './listEntries';
import { optimisticSectionUpdate } from './optimistic';

/** DELETE <section path>?id=: removes one of your entries. */
export function deleteEntry(path: string, id: string) {
  return apiData<EntryList>(path, { method: 'DELETE', query: { id } });
}

export function useDeleteEntry(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteEntry(path, id),
    ...optimisticSectionUpdate<string>(queryClient, path, (entries, id) => entries.filter((entry) => entry.id !== id)),
  });
}
