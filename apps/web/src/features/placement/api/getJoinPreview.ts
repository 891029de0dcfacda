import type { joinPreviewSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type JoinPreview = z.infer<typeof joinPreviewSchema>;

/** GET /api/placement/join?token=: what a self-enrolment link leads to, before enrolling. */
export const fetchJoinPreview = (token: string) => apiData<JoinPreview>('/api/placement/join', { query: { token } });
export const useJoinPreview = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: placementKeys.joinPreview(token),
    queryFn: () => fetchJoinPreview(token),
    enabled,
    retry: false,
  });
