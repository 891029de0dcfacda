import { notificationLinks } from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roundBookings } from '../../db/schema';
import { notify } from '../notifications';
import type { RoundReminderJob } from '../notifications/queue';
import { bookingContext } from './bookings';

/**
 * A reminder job's work: `interview.reminder` to the candidate of a booking still live at the SEQUENCE the job was
 * scheduled for (a moved booking scheduled new jobs; a cancelled one needs none). The dedupe key names booking,
 * sequence and which reminder, so a retried or duplicated job tells the candidate once.
 */
export async function sendRoundReminder(db: Executor, job: RoundReminderJob): Promise<boolean> {
  const [row] = await db
    .select({ booking: roundBookings })
    .from(roundBookings)
    .where(and(eq(roundBookings.id, job.bookingId), eq(roundBookings.status, 'booked')));
  if (!row || row.booking.sequence !== job.sequence) return false;
  const context = await bookingContext(db, row.booking);
  if (!context) return false;
  await notify(db, [
    {
      recipientId: row.booking.candidateId,
      kind: 'interview.reminder',
      dedupeKey: `interview.reminder:${job.bookingId}:${job.sequence}:${job.which}`,
      link: notificationLinks.myRounds,
      payload: {
        openingTitle: context.row.openingTitle,
        organizationName: context.row.organizationName,
        stageName: context.row.stageName,
        when: context.when,
        place: context.place,
        which: job.which,
        subject: `Your ${context.row.stageName}`,
      },
    },
  ]);
  return true;
}
