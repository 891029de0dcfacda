import type { QueryClient } from '@tanstack/react-query';
import { type EntryList, type SectionEntry, sectionQueryKey } from './listEntries';

/**
 * Optimistic change of a section's list: applied at once, rolled back if the server refuses; the server's list
 * replaces it on success.
 */
export function optimisticSectionUpdate<Variables>(
  queryClient: QueryClient,
  path: string,
  apply: (entries: SectionEntry[], variables: Variables) => SectionEntry[],
) {
  const key = sectionQueryKey(path);
  return {
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EntryList>(key);
      if (previous) queryClient.setQueryData<EntryList>(key, { entries: apply(previous.entries, variables) });
      return { previous };
    },
    onError: (_error: unknown, _variables: Variables, context: { previous?: EntryList } | undefined) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (list: EntryList) => queryClient.setQueryData(key, list),
  };
}
