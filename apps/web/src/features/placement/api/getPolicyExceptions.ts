import type { PolicyException } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/exceptions?cycleId=: the exceptions the cell granted, newest first (the cell only). */
export const fetchPolicyExceptions = (cycleId: string) =>
  apiData<{ items: PolicyException[] }>('/api/placement/cycles/exceptions', { query: { cycleId } });
export const usePolicyExceptions = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.policyExceptions(cycleId), queryFn: () => fetchPolicyExceptions(cycleId) });
