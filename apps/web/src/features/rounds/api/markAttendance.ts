import type { Attendance } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** POST /api/organization/rounds/attendance. */
export function useMarkAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { bookingId: string; attendance: Attendance }) =>
      apiRequest<{ data: { id: string; attendance: string }; message: string }>('/api/organization/rounds/attendance', {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['rounds', 'day'] }),
  });
}
