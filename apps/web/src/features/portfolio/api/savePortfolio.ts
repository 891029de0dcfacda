import type { PortfolioInput } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { type PortfolioList, portfoliosQueryKey } from './listPortfolios';

export interface SavePortfolioVariables {
  /** Absent: create. */
  id?: string;
  portfolio: PortfolioInput;
}

/** POST /api/individual/portfolios (create) or PUT {id, portfolio} (change). */
export function savePortfolio({ id, portfolio }: SavePortfolioVariables) {
  return id
    ? apiData<PortfolioList>('/api/individual/portfolios', { method: 'PUT', body: { id, portfolio } })
    : apiData<PortfolioList>('/api/individual/portfolios', { method: 'POST', body: portfolio });
}

export function useSavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePortfolio,
    meta: { silent: true },
    onSuccess: (list) => queryClient.setQueryData(portfoliosQueryKey, list),
  });
}
