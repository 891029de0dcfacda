import { PORTFOLIO_ID_PATTERN, type PortfolioView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';

export const portfolioViewQueryKey = (portfolioId: string) => ['portfolio-view', portfolioId] as const;

/** GET /api/individual/portfolio/id?portfolioId=: a portfolio as the viewer shows it (public ones signed out). */
export function fetchPortfolioView(portfolioId: string, signal?: AbortSignal) {
  return apiData<PortfolioView>('/api/individual/portfolio/id', {
    query: { portfolioId },
    ...(signal ? { signal } : {}),
  });
}

export function usePortfolioView(portfolioId: string) {
  return useQuery({
    queryKey: portfolioViewQueryKey(portfolioId),
    queryFn: ({ signal }) => fetchPortfolioView(portfolioId, signal),
    // A malformed id cannot exist: no request, straight to "not available".
    enabled: PORTFOLIO_ID_PATTERN.test(portfolioId),
    retry: false,
    meta: { silent: true },
  });
}
