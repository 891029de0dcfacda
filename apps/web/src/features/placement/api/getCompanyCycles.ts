import type { companyCycleListSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type CompanyCycles = z.infer<typeof companyCycleListSchema>;

/** GET /api/placement/company/cycles: open cycles a company may recruit in, with its registration. */
export const fetchCompanyCycles = () => apiData<CompanyCycles>('/api/placement/company/cycles');
export const useCompanyCycles = () => useQuery({ queryKey: placementKeys.companyCycles, queryFn: fetchCompanyCycles });
