import { and, count, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roundBookings } from '../../db/schema';

/**
 * How many rounds a person was marked absent from since a time, at every organization: the input of the placement
 * policy's debarment rule (placement season). Reads the partial index round_bookings_absences_idx. Attendance is
 * dated by when it was marked, which is the day of the round in practice.
 */
export async function countAbsences(db: Executor, input: { userId: number; since: Date }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roundBookings)
    .where(
      and(
        eq(roundBookings.candidateId, input.userId),
        eq(roundBookings.attendance, 'absent'),
        gte(roundBookings.attendanceMarkedAt, input.since),
      ),
    );
  return Number(row?.n ?? 0);
}
