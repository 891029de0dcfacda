import { type MyRound, notificationLinks, type RoundDay } from '@placely/contract';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  individualProfiles,
  interviewRounds,
  openingStages,
  openings,
  organizationProfiles,
  roundBookings,
  roundChangeRequests,
  roundSlots,
  users,
} from '../../db/schema';
import { notify } from '../notifications';
import { presentBooking } from './bookings';
import { type LoadedRound, panelsOf, presentSlot, type RoundRow } from './rounds';
import { recommendationsOf } from './scorecards';
import { addDays, describeInZone, zonedInstant } from './time';

const candidateName = sql<string>`coalesce(${individualProfiles.name}, ${users.name}, '')`;

/** Candidates in the round's stage with no live booking in it. */
async function notBookedOf(db: Executor, round: RoundRow) {
  return db
    .select({ applicationId: applications.id, applicantId: applications.applicantId, candidateName })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.applicantId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, applications.applicantId))
    .where(
      and(
        eq(applications.openingId, round.openingId),
        eq(applications.stageId, round.stageId),
        sql`not exists (select 1 from round_bookings b where b.round_id = ${round.stageId}::uuid
          and b.application_id = ${applications.id} and b.status = 'booked')`,
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id));
}

/**
 * The day view: the round's slots that start on `date` in `timeZone`, panels as columns, each slot with its booked
 * candidates (attendance, the recommendations the viewer may see, an open change request); the candidates still
 * waiting on a change; those who have not booked.
 */
export async function dayView(
  db: Executor,
  loaded: LoadedRound,
  query: { date: string; timeZone: string },
  viewer: { panelistIds: string[]; runsRound: boolean; canManage: boolean; canMark: boolean },
): Promise<RoundDay> {
  const { round } = loaded;
  const from = zonedInstant(query.date, 0, query.timeZone);
  const to = zonedInstant(addDays(query.date, 1), 0, query.timeZone);
  const [panels, slots, notBooked, waiting] = await Promise.all([
    panelsOf(db, round.stageId),
    db
      .select()
      .from(roundSlots)
      .where(and(eq(roundSlots.roundId, round.stageId), gte(roundSlots.startsAt, from), lt(roundSlots.startsAt, to)))
      .orderBy(asc(roundSlots.startsAt), asc(roundSlots.panelId)),
    notBookedOf(db, round),
    db
      .select({
        bookingId: roundChangeRequests.bookingId,
        applicationId: roundBookings.applicationId,
        candidateName,
        reason: roundChangeRequests.reason,
      })
      .from(roundChangeRequests)
      .innerJoin(roundBookings, eq(roundBookings.id, roundChangeRequests.bookingId))
      .innerJoin(users, eq(users.id, roundBookings.candidateId))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, roundBookings.candidateId))
      .where(and(eq(roundChangeRequests.roundId, round.stageId), eq(roundChangeRequests.status, 'open')))
      .orderBy(asc(roundChangeRequests.createdAt)),
  ]);
  const slotIds = slots.map((slot) => slot.id);
  const bookings =
    slotIds.length === 0
      ? []
      : await db
          .select({ booking: roundBookings, candidateName })
          .from(roundBookings)
          .innerJoin(users, eq(users.id, roundBookings.candidateId))
          .leftJoin(individualProfiles, eq(individualProfiles.userId, roundBookings.candidateId))
          .where(and(inArray(roundBookings.slotId, slotIds), eq(roundBookings.status, 'booked')))
          .orderBy(asc(roundBookings.bookedAt));
  const recommendations = await recommendationsOf(
    db,
    round.stageId,
    bookings.map((b) => b.booking.applicationId),
    viewer,
  );
  return {
    roundId: round.stageId,
    date: query.date,
    timeZone: query.timeZone,
    panels,
    slots: slots.map((slot) => ({
      ...presentSlot(slot),
      bookings: bookings
        .filter((b) => b.booking.slotId === slot.id)
        .map(({ booking, candidateName: name }) => ({
          id: booking.id,
          applicationId: booking.applicationId,
          candidateName: name,
          attendance: booking.attendance ?? null,
          recommendations: recommendations.get(booking.applicationId) ?? [],
          changeRequested: waiting.find((w) => w.bookingId === booking.id)?.reason ?? null,
        })),
    })),
    notBooked: notBooked.map((row) => ({ applicationId: row.applicationId, candidateName: row.candidateName })),
    waiting,
    abilities: { manage: viewer.canManage, mark: viewer.canMark },
  };
}

/** "Book your slot" to every candidate of the stage who has not booked; once a day per candidate and round. */
export async function remindNotBooked(db: Executor, loaded: LoadedRound, organizationName: string): Promise<number> {
  const { round } = loaded;
  const waiting = await notBookedOf(db, round);
  const day = new Date().toISOString().slice(0, 10);
  await notify(
    db,
    waiting.map((row) => ({
      recipientId: row.applicantId,
      kind: 'interview.bookingNeeded' as const,
      dedupeKey: `interview.bookingNeeded:${round.stageId}:${row.applicationId}:${day}`,
      link: notificationLinks.myRounds,
      payload: {
        stageName: loaded.stageName,
        openingTitle: loaded.opening.title,
        organizationName,
        closes: describeInZone(round.bookingClosesAt, 'UTC'),
      },
    })),
  );
  return waiting.length;
}

/**
 * The caller's rounds as a candidate: every round whose stage holds one of their applications, with their booking
 * and, while booking is open, the free slots they may take (public details only: time, place, seats left).
 */
export async function myRounds(db: Executor, candidateId: number): Promise<MyRound[]> {
  const rows = await db
    .select({
      round: interviewRounds,
      applicationId: applications.id,
      openingTitle: openings.title,
      stageName: openingStages.name,
      organizationName: sql<string>`coalesce(${organizationProfiles.name}, ${users.name}, '')`,
    })
    .from(applications)
    .innerJoin(interviewRounds, eq(interviewRounds.stageId, applications.stageId))
    .innerJoin(openings, eq(openings.id, applications.openingId))
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .leftJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(and(eq(applications.applicantId, candidateId), isNull(openings.deletedAt)))
    .orderBy(asc(interviewRounds.bookingClosesAt));
  if (rows.length === 0) return [];
  const roundIds = rows.map((row) => row.round.stageId);
  const now = Date.now();
  const [bookings, slots] = await Promise.all([
    db
      .select({ booking: roundBookings, slot: roundSlots, open: roundChangeRequests.id })
      .from(roundBookings)
      .innerJoin(roundSlots, eq(roundSlots.id, roundBookings.slotId))
      .leftJoin(
        roundChangeRequests,
        and(eq(roundChangeRequests.bookingId, roundBookings.id), eq(roundChangeRequests.status, 'open')),
      )
      .where(
        and(
          eq(roundBookings.candidateId, candidateId),
          inArray(roundBookings.roundId, roundIds),
          eq(roundBookings.status, 'booked'),
        ),
      ),
    db
      .select()
      .from(roundSlots)
      .where(
        and(
          inArray(roundSlots.roundId, roundIds),
          gt(roundSlots.startsAt, sql`now()`),
          sql`${roundSlots.seatsTaken} < ${roundSlots.capacity}`,
        ),
      )
      .orderBy(asc(roundSlots.startsAt))
      .limit(2000),
  ]);
  return rows.map((row) => {
    const { round } = row;
    const booked = bookings.find((b) => b.booking.roundId === round.stageId);
    const open = round.bookingOpensAt.getTime() <= now && now < round.bookingClosesAt.getTime();
    const selfBooking = round.assignment === 'self';
    return {
      roundId: round.stageId,
      openingTitle: row.openingTitle,
      organizationName: row.organizationName,
      stageName: row.stageName,
      kind: round.kind,
      mode: round.mode,
      durationMinutes: round.durationMinutes,
      bookingOpensAt: round.bookingOpensAt.toISOString(),
      bookingClosesAt: round.bookingClosesAt.toISOString(),
      rescheduleCutoffHours: round.rescheduleCutoffHours,
      assignment: round.assignment,
      booking: booked ? presentBooking(booked.booking, booked.slot, booked.open !== null) : null,
      openSlots:
        open && selfBooking
          ? slots
              .filter((slot) => slot.roundId === round.stageId && slot.id !== booked?.slot.id)
              .map((slot) => ({
                id: slot.id,
                panelId: slot.panelId,
                startsAt: slot.startsAt.toISOString(),
                endsAt: slot.endsAt.toISOString(),
                timeZone: slot.timeZone,
                venue: slot.venue,
                meetingLink: slot.meetingLink,
                seatsLeft: slot.capacity - slot.seatsTaken,
              }))
          : [],
    };
  });
}
