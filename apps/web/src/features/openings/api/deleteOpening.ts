import type { OpeningPage } from '@placely/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { openingKeys } from './keys';

/** DELETE /api/organization/openings?id=: the opening leaves every feed; its applications are kept. */
export function deleteOpening(id: string): Promise<{ id: string }> {
  return apiData<{ id: string }>('/api/organization/openings', { method: 'DELETE', query: { id } });
}

export function useDeleteOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOpening,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<InfiniteData<OpeningPage>>(openingKeys.list(), (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((o) => o.id !== id) })) }
          : data,
      );
      queryClient.removeQueries({ queryKey: openingKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: openingKeys.list() });
    },
  });
}
