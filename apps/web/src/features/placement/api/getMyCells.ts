import type { myCellsSchema, z } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export type MyCells = z.infer<typeof myCellsSchema>;

/** GET /api/placement/cells: the placement cells the caller works in, with their role there. */
export const fetchMyCells = () => apiData<MyCells>('/api/placement/cells');
export const useMyCells = (enabled = true) =>
  useQuery({ queryKey: placementKeys.cells, queryFn: fetchMyCells, enabled, staleTime: 60_000 });
