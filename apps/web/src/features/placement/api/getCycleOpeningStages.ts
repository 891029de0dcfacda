import type { CycleOpeningStage } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/openings/stages?openingId=: a cycle opening's stages, each with the cycle's students in it. */
export const fetchCycleOpeningStages = (openingId: string) =>
  apiData<{ items: CycleOpeningStage[] }>('/api/placement/openings/stages', { query: { openingId } });
export const useCycleOpeningStages = (openingId: string | null) =>
  useQuery({
    queryKey: placementKeys.cycleOpeningStages(openingId ?? ''),
    queryFn: () => fetchCycleOpeningStages(openingId ?? ''),
    enabled: Boolean(openingId),
  });
