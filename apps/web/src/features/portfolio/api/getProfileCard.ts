import type { ProfileCard } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { useConfig } from '../../../lib/api/config';

export const profileCardQueryKey = (portfolioId: string) => ['profile-card', portfolioId] as const;

/**
 * GET {PROFILE_SERVICE_URL}/api/user/preskilet?portfolioId=: the public card of a portfolio's owner, served by the
 * profile service host (this server unless the deployment moves it).
 */
export function fetchProfileCard(baseUrl: string, portfolioId: string, signal?: AbortSignal) {
  return apiData<ProfileCard>(`${baseUrl.replace(/\/+$/, '')}/api/user/preskilet`, {
    query: { portfolioId },
    ...(signal ? { signal } : {}),
  });
}

export function useProfileCard(portfolioId: string | null) {
  const config = useConfig();
  const baseUrl = config.data?.profileServiceUrl;
  return useQuery({
    queryKey: profileCardQueryKey(portfolioId ?? ''),
    queryFn: ({ signal }) => fetchProfileCard(baseUrl as string, portfolioId as string, signal),
    enabled: Boolean(baseUrl && portfolioId),
    meta: { silent: true },
  });
}
