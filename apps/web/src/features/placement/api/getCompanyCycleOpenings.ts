import type { CycleOpening } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/company/openings?cycleId=: the company's own openings submitted to cycles, with the cell's answer. */
export const fetchCompanyCycleOpenings = (cycleId?: string) =>
  apiData<{ items: CycleOpening[] }>('/api/placement/company/openings', { query: { cycleId } });
export const useCompanyCycleOpenings = (cycleId?: string) =>
  useQuery({ queryKey: placementKeys.companyOpenings(cycleId), queryFn: () => fetchCompanyCycleOpenings(cycleId) });
