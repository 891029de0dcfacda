import type { cycleCompanyListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type CycleCompanies = z.infer<typeof cycleCompanyListSchema>;

/** GET /api/placement/companies?cycleId=: companies that asked to recruit in the cycle or were invited. */
export const fetchCycleCompanies = (cycleId: string) =>
  apiData<CycleCompanies>('/api/placement/companies', { query: { cycleId } });
export const useCycleCompanies = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.companies(cycleId), queryFn: () => fetchCycleCompanies(cycleId) });
