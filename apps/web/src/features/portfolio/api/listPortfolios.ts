import type { Portfolio } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export interface PortfolioList {
  portfolios: Portfolio[];
}
export const portfoliosQueryKey = ['user', 'portfolios'] as const;

/** GET /api/individual/portfolios: your portfolios with their view counts. */
export function fetchPortfolios(signal?: AbortSignal) {
  return apiData<PortfolioList>('/api/individual/portfolios', signal ? { signal } : {});
}

export function usePortfolios(enabled = true) {
  return useQuery({ queryKey: portfoliosQueryKey, queryFn: ({ signal }) => fetchPortfolios(signal), enabled });
}
