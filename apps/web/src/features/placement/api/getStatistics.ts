import type { CycleStatistics } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/statistics?cycleId=: the cycle's figures, computed by the database for the cell. */
export const fetchStatistics = (cycleId: string) =>
  apiData<CycleStatistics>('/api/placement/cycles/statistics', { query: { cycleId } });
export const useStatistics = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.statistics(cycleId), queryFn: () => fetchStatistics(cycleId) });
