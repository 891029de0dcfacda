import type { CellNotice } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** GET /api/placement/cycles/notices?cycleId=: the cycle's notices with how many read and acknowledged each. */
export const fetchCellNotices = (cycleId: string) =>
  apiData<{ items: CellNotice[] }>('/api/placement/cycles/notices', { query: { cycleId } });
export const useCellNotices = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.cellNotices(cycleId), queryFn: () => fetchCellNotices(cycleId) });
