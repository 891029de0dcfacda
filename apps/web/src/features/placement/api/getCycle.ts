import type { Cycle } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/id?cycleId=: one cycle as the cell sees it (join link, counts, abilities). */
export const fetchCycle = (cycleId: string) => apiData<Cycle>('/api/placement/cycles/id', { query: { cycleId } });
export const useCycle = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.cycle(cycleId), queryFn: () => fetchCycle(cycleId), enabled: cycleId !== '' });
