import type { Enrolment, OptOutBody } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { placementKeys } from './keys';

/** POST /api/placement/my/opt-out: the student leaves the season, saying why if they wish. */
export function useOptOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OptOutBody) =>
      apiRequest<{ data: Enrolment; message: string }>('/api/placement/my/opt-out', { method: 'POST', body }),
    onSuccess: (_result, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: placementKeys.myCycle(body.cycleId) }),
        client.invalidateQueries({ queryKey: placementKeys.myCycles }),
      ]),
  });
}
