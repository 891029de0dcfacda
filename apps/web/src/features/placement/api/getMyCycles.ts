import type { studentCycleListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type MyCycles = z.infer<typeof studentCycleListSchema>;

/** GET /api/placement/my/cycles: the cycles the student is enrolled in, with their status there. */
export const fetchMyCycles = () => apiData<MyCycles>('/api/placement/my/cycles');
export const useMyCycles = () => useQuery({ queryKey: placementKeys.myCycles, queryFn: fetchMyCycles });
