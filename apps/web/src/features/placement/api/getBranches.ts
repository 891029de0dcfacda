import type { Branch } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/branches?institutionId=: the institution's programmes and branches with their aliases. */
export const fetchBranches = (institutionId: number) =>
  apiData<{ items: Branch[] }>('/api/placement/branches', { query: { institutionId } });
export const useBranches = (institutionId: number | null) =>
  useQuery({
    queryKey: placementKeys.branches(institutionId ?? 0),
    queryFn: () => fetchBranches(institutionId ?? 0),
    enabled: institutionId !== null,
  });
