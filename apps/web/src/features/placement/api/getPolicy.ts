import type { CyclePolicyView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/policy?cycleId=: the cycle's rules with their words, and what the caller may change. */
export const fetchPolicy = (cycleId: string) =>
  apiData<CyclePolicyView>('/api/placement/cycles/policy', { query: { cycleId } });
export const usePolicy = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.policy(cycleId), queryFn: () => fetchPolicy(cycleId) });
