import type { Booking } from '@placely/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { roundKeys } from './keys';

type Change =
  | { action: 'book'; roundId: string; slotId: string }
  | { action: 'reschedule'; bookingId: string; slotId: string }
  | { action: 'cancel'; bookingId: string };

/** POST / PATCH / DELETE /api/rounds/bookings: book, move or cancel the caller's booking. */
export function useChangeBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.action === 'book'
        ? apiRequest<{ data: Booking; message: string }>('/api/rounds/bookings', {
            method: 'POST',
            body: { roundId: change.roundId, slotId: change.slotId },
          })
        : change.action === 'reschedule'
          ? apiRequest<{ data: Booking; message: string }>('/api/rounds/bookings', {
              method: 'PATCH',
              body: { bookingId: change.bookingId, slotId: change.slotId },
            })
          : apiRequest<{ data: Booking; message: string }>('/api/rounds/bookings', {
              method: 'DELETE',
              query: { bookingId: change.bookingId },
            }),
    onSettled: () => client.invalidateQueries({ queryKey: roundKeys.mine }),
  });
}
