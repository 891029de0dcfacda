import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** POST /api/organization/rounds/remind: one click reminds everyone who has not booked. */
export function useRemindNotBooked() {
  return useMutation({
    mutationFn: (roundId: string) =>
      apiRequest<{ data: { count: number }; message: string }>('/api/organization/rounds/remind', {
        method: 'POST',
        body: { roundId },
      }),
  });
}
