import type { StudentCycleView } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/my/cycles/id?cycleId=: one cycle for the enrolled student — openings, applications, the rest. */
export const fetchMyCycle = (cycleId: string) =>
  apiData<StudentCycleView>('/api/placement/my/cycles/id', { query: { cycleId } });
export const useMyCycle = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.myCycle(cycleId), queryFn: () => fetchMyCycle(cycleId), enabled: cycleId !== '' });
