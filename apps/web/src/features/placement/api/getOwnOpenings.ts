import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface OwnOpening {
  id: string;
  title: string;
  status: string;
}

/** GET /api/organization/openings: the organization's openings, to pick one for a cycle. */
export const fetchOwnOpenings = () =>
  apiData<{ items: OwnOpening[] }>('/api/organization/openings', { query: { limit: 50 } });
export const useOwnOpenings = () => useQuery({ queryKey: placementKeys.ownOpenings, queryFn: fetchOwnOpenings });
