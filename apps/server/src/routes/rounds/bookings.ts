import { ROUND_MESSAGES } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { roundChangeRequests, roundSlots } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import {
  assertBeforeCutoff,
  assertWindowOpen,
  type BookingRow,
  cancelBooking,
  candidateInRound,
  loadOwnBooking,
  moveBooking,
  placeBooking,
  presentBooking,
  remindersOf,
} from '../../services/rounds/bookings';
import { myRounds } from '../../services/rounds/views';
import { bookSchema, cancelSchema, changeRequestSchema, myRoundsRouteSchema, rescheduleSchema } from './schema';

/**
 * A candidate's side: their rounds, booking, rescheduling and cancelling within the window and cut-off, and change
 * requests. A candidate reaches only their own application's rounds and their own bookings (others' are 404s).
 */
export function roundBookingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/rounds';

    const present = async (booking: BookingRow, changeRequested = false) => {
      const [slot] = await ctx.db.select().from(roundSlots).where(eq(roundSlots.id, booking.slotId));
      if (!slot) throw new Error('slot of a booking missing');
      return presentBooking(booking, slot, changeRequested);
    };

    app.get(`${base}/mine`, { ...authenticated, schema: myRoundsRouteSchema }, async (request) => {
      const actor = actorOf(request);
      return ok({ items: await myRounds(ctx.db, actor.user.id) });
    });

    app.post(`${base}/bookings`, { ...authenticated, schema: bookSchema }, async (request) => {
      const actor = actorOf(request);
      const booking = await ctx.db.transaction(async (tx) => {
        const { round, application } = await candidateInRound(tx, actor.user.id, request.body.roundId);
        if (round.assignment === 'allot') {
          throw errors.conflict('The organization allots the slots of this round; ask for a change instead.');
        }
        assertWindowOpen(round);
        return placeBooking(tx, round, application, request.body.slotId);
      });
      await ctx.notificationQueue.scheduleRoundReminders(remindersOf(booking));
      return ok(await present(booking), ROUND_MESSAGES.booked);
    });

    app.patch(`${base}/bookings`, { ...authenticated, schema: rescheduleSchema }, async (request) => {
      const actor = actorOf(request);
      const booking = await ctx.db.transaction(async (tx) => {
        const { booking, round } = await loadOwnBooking(tx, actor.user.id, request.body.bookingId);
        if (round.assignment === 'allot') {
          throw errors.conflict('The organization allots the slots of this round; ask for a change instead.');
        }
        assertBeforeCutoff(round, booking);
        assertWindowOpen(round);
        return moveBooking(tx, round, booking, request.body.slotId);
      });
      await ctx.notificationQueue.scheduleRoundReminders(remindersOf(booking));
      return ok(await present(booking), ROUND_MESSAGES.rescheduled);
    });

    app.delete(`${base}/bookings`, { ...authenticated, schema: cancelSchema }, async (request) => {
      const actor = actorOf(request);
      const booking = await ctx.db.transaction(async (tx) => {
        const { booking, round } = await loadOwnBooking(tx, actor.user.id, request.query.bookingId);
        assertBeforeCutoff(round, booking);
        return cancelBooking(tx, booking);
      });
      return ok(await present(booking), ROUND_MESSAGES.cancelled);
    });

    app.post(`${base}/change-requests`, { ...authenticated, schema: changeRequestSchema }, async (request) => {
      const actor = actorOf(request);
      const booking = await ctx.db.transaction(async (tx) => {
        const { booking } = await loadOwnBooking(tx, actor.user.id, request.body.bookingId);
        await tx
          .insert(roundChangeRequests)
          .values({ bookingId: booking.id, roundId: booking.roundId, reason: request.body.reason })
          .onConflictDoUpdate({
            target: roundChangeRequests.bookingId,
            targetWhere: sql`${roundChangeRequests.status} = 'open'`,
            set: { reason: request.body.reason, createdAt: sql`now()` },
          });
        return booking;
      });
      return ok(await present(booking, true), ROUND_MESSAGES.changeRequested);
    });
  };
}
