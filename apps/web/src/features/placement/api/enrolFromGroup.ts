import type { enrolmentCountSchema, z } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/enrolments/group: enrol a verification group's members with their verified records. */
export function useEnrolFromGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cycleId: string; groupId: string }) =>
      apiRequest<{ data: z.infer<typeof enrolmentCountSchema>; message: string }>('/api/placement/enrolments/group', {
        method: 'POST',
        body,
      }),
    onSuccess: (_result, body) => client.invalidateQueries({ queryKey: placementKeys.cycle(body.cycleId) }),
  });
}
