import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import type { EntryList } from './listEntries';
import { optimisticSectionUpdate } from './optimistic';

export interface EditEntryVariables {
  id: string;
  entry: Record<string, unknown>;
}

/** PUT <section path> {id, entry}: replaces one of your entries. */
export function editEntry(path: string, variables: EditEntryVariables) {
  return apiData<EntryList>(path, { method: 'PUT', body: variables });
}

export function useEditEntry(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: EditEntryVariables) => editEntry(path, variables),
    meta: { silent: true },
    ...optimisticSectionUpdate<EditEntryVariables>(queryClient, path, (entries, { id, entry }) =>
      entries.map((existing) => (existing.id === id ? { ...existing, ...entry } : existing)),
    ),
  });
}
