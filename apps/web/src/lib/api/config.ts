import type { PublicConfig } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';

export const configQueryKey = ['config'] as const;

export function fetchConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiData<PublicConfig>('/api/config', signal ? { signal } : {});
}

/** Public runtime configuration (feedback/help links, identity provider). Loaded once. */
export function useConfig() {
  return useQuery({
    queryKey: configQueryKey,
    queryFn: ({ signal }) => fetchConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
