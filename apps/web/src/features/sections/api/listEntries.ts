import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

/** Every profile-section call answers with the section's whole list. */
export interface EntryList<Entry = SectionEntry> {
  entries: Entry[];
}
export interface SectionEntry {
  id: string;
  [field: string]: unknown;
}

export const sectionQueryKey = (path: string) => ['profile-section', path] as const;

/** GET <section path>: the signed-in individual's entries. */
export function fetchEntries<Entry extends SectionEntry>(path: string, signal?: AbortSignal) {
  return apiData<EntryList<Entry>>(path, signal ? { signal } : {});
}

export function useSectionEntries<Entry extends SectionEntry>(path: string) {
  return useQuery({ queryKey: sectionQueryKey(path), queryFn: ({ signal }) => fetchEntries<Entry>(path, signal) });
}
