import type { companyCycleListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type CompanyCycles = z.infer<typeof companyCycleListSchema>;

/**
 * GET /api/placement/company/cycles: with `institutionId`, that institution's active cycles (to ask to recruit);
 * without it, the cycles the company is registered or invited in. Each with the company's registration.
 */
export const fetchCompanyCycles = (institutionId: number | null = null) =>
  apiData<CompanyCycles>('/api/placement/company/cycles', {
    query: institutionId === null ? {} : { institutionId },
  });
export const useCompanyCycles = (institutionId: number | null = null) =>
  useQuery({
    queryKey: placementKeys.companyCyclesOf(institutionId),
    queryFn: () => fetchCompanyCycles(institutionId),
  });
