import type { Enrolment, EnrolmentStatus } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

export interface EnrolmentChanges {
  enrolmentId: string;
  status?: EnrolmentStatus;
  debarredReason?: string;
  recordsLocked?: boolean;
}

/** PATCH /api/placement/enrolments: the cell changes a student's status (debar with a reason) or locks records. */
export function useUpdateEnrolment(cycleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrolmentChanges) =>
      apiRequest<{ data: Enrolment; message: string }>('/api/placement/enrolments', { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: placementKeys.cycle(cycleId) }),
  });
}
