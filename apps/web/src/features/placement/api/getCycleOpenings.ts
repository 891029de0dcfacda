import type { CycleOpening } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/openings?cycleId=: the openings companies submitted to the cycle, for approval. */
export const fetchCycleOpenings = (cycleId: string) =>
  apiData<{ items: CycleOpening[] }>('/api/placement/openings', { query: { cycleId } });
export const useCycleOpenings = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.cycleOpenings(cycleId), queryFn: () => fetchCycleOpenings(cycleId) });
