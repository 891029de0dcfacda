import type { EnrolmentStatus, enrolmentPageSchema, z } from '@placely/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface EnrolmentFilters {
  status?: EnrolmentStatus | undefined;
  branchId?: string | undefined;
  degree?: string | undefined;
  minCgpa?: number | undefined;
  maxBacklogs?: number | undefined;
  graduationYear?: number | undefined;
  q?: string | undefined;
}
export type EnrolmentPage = z.infer<typeof enrolmentPageSchema>;

/** GET /api/placement/enrolments: the cycle's students, filtered, a page at a time. */
export const fetchEnrolments = (cycleId: string, filters: EnrolmentFilters, cursor?: string) =>
  apiData<EnrolmentPage>('/api/placement/enrolments', { query: { cycleId, ...filters, cursor } });
export const useEnrolments = (cycleId: string, filters: EnrolmentFilters) =>
  useInfiniteQuery({
    queryKey: placementKeys.enrolments(cycleId, { ...filters }),
    queryFn: ({ pageParam }) => fetchEnrolments(cycleId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
