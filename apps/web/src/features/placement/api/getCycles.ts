import type { cycleListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles?institutionId=: the cell's cycles. */
export const fetchCycles = (institutionId: number) =>
  apiData<z.infer<typeof cycleListSchema>>('/api/placement/cycles', { query: { institutionId } });
export const useCycles = (institutionId: number | null) =>
  useQuery({
    queryKey: placementKeys.cycles(institutionId ?? 0),
    queryFn: () => fetchCycles(institutionId ?? 0),
    enabled: institutionId !== null,
  });
