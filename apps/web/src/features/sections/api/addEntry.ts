import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import type { EntryList } from './listEntries';
import { optimisticSectionUpdate } from './optimistic';

/** POST <section path> with the entry: adds it. */
export function addEntry(path: string, entry: Record<string, unknown>) {
  return apiData<EntryList>(path, { method: 'POST', body: entry });
}

export function useAddEntry(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: Record<string, unknown>) => addEntry(path, entry),
    meta: { silent: true },
    ...optimisticSectionUpdate<Record<string, unknown>>(queryClient, path, (entries, entry) => [
      { ...entry, id: `pending-${Date.now()}` },
      ...entries,
    ]),
  });
}
