import { RECOMMENDATION_LABELS, ROUND_MESSAGES } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  applications,
  organizationProfiles,
  roundBookings,
  roundPanelists,
  roundPanels,
  roundSlots,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { actingForOrganization } from '../../http/acting-for';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import { runsRound } from '../../policies/round';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { allotRound, moveBooking, presentBooking, remindersOf } from '../../services/rounds/bookings';
import { loadRound } from '../../services/rounds/rounds';
import { dayView, remindNotBooked } from '../../services/rounds/views';
import { moveApplications } from '../../services/shortlisting/pipeline';
import { ORGANIZATION_BASE, roundActions } from './organization';
import { allotSchema, attendanceSchema, daySchema, moveBookingSchema, remindSchema, roundMoveSchema } from './schema';

/** The day of a round: the view, reminders to those not booked, allotment, attendance, moves. */
export function roundDayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const rounds = roundActions(ctx);

    /** The round a booking belongs to, for a rule on the round; another organization's booking is a 404. */
    const roundOfBooking = async (bookingId: string) => {
      const [row] = await ctx.db
        .select({ roundId: roundBookings.roundId })
        .from(roundBookings)
        .where(eq(roundBookings.id, bookingId));
      if (!row) throw errors.notFound('That booking');
      return row.roundId;
    };

    app.get(
      `${ORGANIZATION_BASE}/day`,
      { ...authenticated, schema: actingForOrganization(daySchema) },
      async (request) => {
        const view = await rounds.read(request, request.query.roundId, async (db, loaded, actor) => {
          const panelistIds = (
            await db
              .select({ id: roundPanelists.id })
              .from(roundPanelists)
              .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
              .where(and(eq(roundPanels.roundId, loaded.round.stageId), eq(roundPanelists.userId, actor.user.id)))
          ).map((row) => row.id);
          return dayView(db, loaded, request.query, {
            panelistIds,
            runsRound: runsRound(loaded.record),
            canManage: can(actor, 'round.manage', loaded.record),
            canMark: can(actor, 'round.mark', loaded.record),
          });
        });
        return ok(view);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/remind`,
      { ...authenticated, schema: actingForOrganization(remindSchema) },
      async (request) => {
        const count = await rounds.inTransaction(request, request.body.roundId, 'round.manage', async (tx, loaded) => {
          const [org] = await tx
            .select({ name: sql<string>`coalesce(${organizationProfiles.name}, ${users.name}, '')` })
            .from(users)
            .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
            .where(eq(users.id, loaded.opening.organizationId));
          return remindNotBooked(tx, loaded, org?.name ?? '');
        });
        return ok({ count, left: 0 }, ROUND_MESSAGES.reminded(count));
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/allot`,
      { ...authenticated, schema: actingForOrganization(allotSchema) },
      async (request) => {
        const { result, reminders } = await rounds.inTransaction(
          request,
          request.body.roundId,
          'round.manage',
          async (tx, loaded) => {
            const result = await allotRound(tx, loaded.round);
            const booked = await tx
              .select()
              .from(roundBookings)
              .where(and(eq(roundBookings.roundId, loaded.round.stageId), eq(roundBookings.status, 'booked')));
            return { result, reminders: booked.flatMap((b) => remindersOf(b)) };
          },
          'update',
        );
        await ctx.notificationQueue.scheduleRoundReminders(reminders);
        return ok(result, ROUND_MESSAGES.allotted(result.count, result.left));
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/attendance`,
      { ...authenticated, schema: actingForOrganization(attendanceSchema) },
      async (request) => {
        const roundId = await roundOfBooking(request.body.bookingId);
        const marked = await rounds.inTransaction(request, roundId, 'round.mark', async (tx, _loaded, actor) => {
          const [row] = await tx
            .update(roundBookings)
            .set({
              attendance: request.body.attendance,
              attendanceMarkedBy: actor.user.id,
              attendanceMarkedAt: sql`now()`,
            })
            .where(and(eq(roundBookings.id, request.body.bookingId), eq(roundBookings.status, 'booked')))
            .returning({ id: roundBookings.id, attendance: roundBookings.attendance });
          if (!row?.attendance) throw errors.notFound('That booking');
          return { id: row.id, attendance: row.attendance };
        });
        return ok(marked, ROUND_MESSAGES.attendance);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/bookings/move`,
      { ...authenticated, schema: actingForOrganization(moveBookingSchema) },
      async (request) => {
        const roundId = await roundOfBooking(request.body.bookingId);
        const { booking, slot } = await rounds.inTransaction(request, roundId, 'round.manage', async (tx, loaded) => {
          const [current] = await tx
            .select()
            .from(roundBookings)
            .where(and(eq(roundBookings.id, request.body.bookingId), eq(roundBookings.status, 'booked')))
            .for('update');
          if (!current) throw errors.notFound('That booking');
          const booking = await moveBooking(tx, loaded.round, current, request.body.slotId);
          const [slot] = await tx.select().from(roundSlots).where(eq(roundSlots.id, booking.slotId));
          if (!slot) throw new Error('slot of a booking missing');
          return { booking, slot };
        });
        await ctx.notificationQueue.scheduleRoundReminders(remindersOf(booking));
        return ok(presentBooking(booking, slot, false), ROUND_MESSAGES.rescheduled);
      },
    );

    app.post(
      `${ORGANIZATION_BASE}/moves`,
      { ...authenticated, schema: actingForOrganization(roundMoveSchema) },
      async (request) => {
        const { actor, access } = await rounds.caller(request);
        const result = await ctx.db.transaction(async (tx) => {
          const loaded = await loadRound(tx, actor, access, request.body.roundId, 'round.manage');
          const opening = await loadOrganizationOpening(tx, actor, access, loaded.opening.id, 'stage.move', 'share');
          const chosen = `{${request.body.recommendations.join(',')}}`;
          // Candidates still in the round's stage whose every submitted scorecard says one of the chosen values.
          const rows = await tx
            .select({ id: applications.id })
            .from(applications)
            .where(
              and(
                eq(applications.openingId, opening.id),
                eq(applications.stageId, loaded.round.stageId),
                sql`exists (select 1 from round_scorecards s where s.round_id = ${loaded.round.stageId}::uuid
                and s.application_id = ${applications.id})`,
                sql`not exists (select 1 from round_scorecards s where s.round_id = ${loaded.round.stageId}::uuid
                and s.application_id = ${applications.id} and not (s.recommendation = any(${chosen}::text[])))`,
              ),
            );
          if (rows.length === 0) return { moved: 0, bulkMoveId: null };
          const words = request.body.recommendations.map((r) => RECOMMENDATION_LABELS[r].toLowerCase()).join(' or ');
          return moveApplications(tx, actor, access, opening, {
            toStageId: request.body.toStageId,
            applicationIds: rows.map((row) => row.id),
            reason: `${loaded.stageName}: every scorecard ${words}`,
          });
        });
        return ok(result, ROUND_MESSAGES.moved(result.moved));
      },
    );
  };
}
