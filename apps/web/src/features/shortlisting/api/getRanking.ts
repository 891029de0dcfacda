import type { RankingPage, RankingQuery } from '@placely/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { shortlistingKeys } from './keys';

/** GET /api/organization/shortlisting/candidate/ranking: one page of the opening's candidates in rank order. */
export function fetchRanking(query: RankingQuery, signal?: AbortSignal): Promise<RankingPage> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return apiData<RankingPage>('/api/organization/shortlisting/candidate/ranking', {
    query: params,
    ...(signal ? { signal } : {}),
  });
}

export function useRanking(query: RankingQuery) {
  return useQuery({
    queryKey: shortlistingKeys.ranking(query.openingId, query),
    queryFn: ({ signal }) => fetchRanking(query, signal),
    placeholderData: keepPreviousData,
  });
}
