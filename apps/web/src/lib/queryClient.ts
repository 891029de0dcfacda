import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors';
import { showError } from './snackbar';

/** meta {silent: true} on a query or mutation keeps its errors out of the snackbar. */
export interface RequestMeta extends Record<string, unknown> {
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (4xx) will not get better by asking again; 401s are already retried by the API client.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) showError(error);
      },
    }),
    defaultOptions: {
      // offlineFirst: a read is still asked for while offline, so the service worker can answer from its copy (a
      // second visit to a form link); the default would pause it until the connection comes back.
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}
