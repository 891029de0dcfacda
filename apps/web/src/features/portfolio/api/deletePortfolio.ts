import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type PortfolioList, portfoliosQueryKey } from './listPortfolios';

/** DELETE /api/individual/portfolios?id=. */
export function deletePortfolio(id: string) {
  return apiData<PortfolioList>('/api/individual/portfolios', { method: 'DELETE', query: { id } });
}

export function useDeletePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolio,
    onSuccess: (list) => queryClient.setQueryData(portfoliosQueryKey, list),
  });
}
