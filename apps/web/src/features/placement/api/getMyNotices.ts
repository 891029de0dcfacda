import type { StudentNotice } from '@placely/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface MyNoticePage {
  items: StudentNotice[];
  unread: number;
  total: number;
  nextOffset: number | null;
}

/** GET /api/placement/my/notices?cycleId=: the cycle's notices that reached the student, newest first. */
export const fetchMyNotices = (cycleId: string) =>
  apiData<MyNoticePage>('/api/placement/my/notices', { query: { cycleId, limit: 100 } });
export const useMyNotices = (cycleId: string) =>
  useQuery({ queryKey: placementKeys.myNotices(cycleId), queryFn: () => fetchMyNotices(cycleId) });
