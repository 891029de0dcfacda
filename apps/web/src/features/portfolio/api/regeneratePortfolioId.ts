import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type PortfolioList, portfoliosQueryKey } from './listPortfolios';

/** POST /api/individual/portfolios/regenerate {id}: a new link; every old link stops working. */
export function regeneratePortfolioId(id: string) {
  return apiData<PortfolioList>('/api/individual/portfolios/regenerate', { method: 'POST', body: { id } });
}

export function useRegeneratePortfolioId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regeneratePortfolioId,
    onSuccess: (list) => queryClient.setQueryData(portfoliosQueryKey, list),
  });
}
