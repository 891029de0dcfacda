import {
  type Booking,
  type NotificationKind,
  notificationLinks,
  ROUND_KIND_LABELS,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  ROUND_MODE_LABELS,
} from '@placely/contract';
import { and, asc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
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
  roundPanelists,
  roundSlots,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { type NotificationEvent, notify, notifyAddress } from '../notifications';
import type { RoundReminderJob } from '../notifications/queue';
import { bookingUid } from './calendar';
import type { RoundRow, SlotRow } from './rounds';
import { describeInZone } from './time';

export type BookingRow = typeof roundBookings.$inferSelect;

/** What a committed booking change asks of the queue afterwards: its reminders. */
export interface AfterCommit {
  reminders: Array<{ job: RoundReminderJob; at: Date }>;
}

/** The reminders of a live booking: a day and an hour before, those still ahead. */
export function remindersOf(booking: Pick<BookingRow, 'id' | 'sequence' | 'startsAt'>, now = Date.now()) {
  const { dayBefore, hourBefore } = ROUND_LIMITS.reminderOffsetsMinutes;
  return (
    [
      ['dayBefore', dayBefore],
      ['hourBefore', hourBefore],
    ] as const
  ).flatMap(([which, minutes]) => {
    const at = new Date(booking.startsAt.getTime() - minutes * 60_000);
    return at.getTime() > now ? [{ job: { bookingId: booking.id, sequence: booking.sequence, which }, at }] : [];
  });
}

/**
 * Locks the candidate (their user row) so that two bookings of theirs at once — two rounds, two organizations —
 * cannot both pass the clash check, then refuses a slot that overlaps any other live booking of theirs.
 */
async function assertCandidateFree(
  tx: Executor,
  candidateId: number,
  slot: Pick<SlotRow, 'startsAt' | 'endsAt'>,
  exceptBookingId?: string,
) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, candidateId)).for('no key update');
  const [clash] = await tx
    .select({ id: roundBookings.id })
    .from(roundBookings)
    .where(
      and(
        eq(roundBookings.candidateId, candidateId),
        eq(roundBookings.status, 'booked'),
        lt(roundBookings.startsAt, slot.endsAt),
        gt(roundBookings.endsAt, slot.startsAt),
        exceptBookingId ? ne(roundBookings.id, exceptBookingId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw errors.conflict(ROUND_MESSAGES.clash);
}

/**
 * Takes one seat of a slot of the round: ONE conditional UPDATE on the slot's row. Concurrent bookings of the last
 * seat queue on that row lock; when the first commits, PostgreSQL re-checks the second's condition against the new
 * row (read committed), finds it full and updates nothing. The check constraint (seats_taken <= capacity) backs it.
 */
export async function takeSeat(tx: Executor, roundId: string, slotId: string): Promise<SlotRow | undefined> {
  const [slot] = await tx
    .update(roundSlots)
    .set({ seatsTaken: sql`${roundSlots.seatsTaken} + 1` })
    .where(
      and(
        eq(roundSlots.id, slotId),
        eq(roundSlots.roundId, roundId),
        sql`${roundSlots.seatsTaken} < ${roundSlots.capacity}`,
        gt(roundSlots.startsAt, sql`now()`),
      ),
    )
    .returning();
  return slot;
}

async function freeSeat(tx: Executor, slotId: string) {
  await tx
    .update(roundSlots)
    .set({ seatsTaken: sql`greatest(${roundSlots.seatsTaken} - 1, 0)` })
    .where(eq(roundSlots.id, slotId));
}

async function slotOfRound(tx: Executor, roundId: string, slotId: string): Promise<SlotRow> {
  const [slot] = await tx
    .select()
    .from(roundSlots)
    .where(and(eq(roundSlots.id, slotId), eq(roundSlots.roundId, roundId)));
  if (!slot) throw errors.validation([{ field: 'slotId', message: 'Not a slot of this round' }]);
  if (slot.startsAt.getTime() <= Date.now())
    throw errors.validation([{ field: 'slotId', message: 'This slot has passed' }]);
  return slot;
}

/** Seats a candidate's application in a slot; the caller has checked who may. */
export async function placeBooking(
  tx: Executor,
  round: RoundRow,
  application: { id: string; applicantId: number },
  slotId: string,
  allotted = false,
): Promise<BookingRow> {
  const slot = await slotOfRound(tx, round.stageId, slotId);
  await assertCandidateFree(tx, application.applicantId, slot);
  const [existing] = await tx
    .select({ id: roundBookings.id })
    .from(roundBookings)
    .where(
      and(
        eq(roundBookings.roundId, round.stageId),
        eq(roundBookings.applicationId, application.id),
        eq(roundBookings.status, 'booked'),
      ),
    );
  if (existing) throw errors.conflict('You already have a slot in this round; reschedule it instead.');
  const taken = await takeSeat(tx, round.stageId, slot.id);
  if (!taken) throw errors.conflict(ROUND_MESSAGES.slotFull);
  const [booking] = await tx
    .insert(roundBookings)
    .values({
      roundId: round.stageId,
      slotId: slot.id,
      applicationId: application.id,
      candidateId: application.applicantId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      allotted,
    })
    .returning();
  if (!booking) throw new Error('booking insert returned nothing');
  await notifyBooking(tx, booking, 'interview.booked', 'REQUEST');
  return booking;
}

/** Moves a live booking to another slot of its round (a new SEQUENCE of the same calendar event). */
export async function moveBooking(
  tx: Executor,
  round: RoundRow,
  booking: BookingRow,
  slotId: string,
): Promise<BookingRow> {
  if (booking.slotId === slotId)
    throw errors.validation([{ field: 'slotId', message: 'This is the slot already booked' }]);
  const slot = await slotOfRound(tx, round.stageId, slotId);
  await assertCandidateFree(tx, booking.candidateId, slot, booking.id);
  const taken = await takeSeat(tx, round.stageId, slot.id);
  if (!taken) throw errors.conflict(ROUND_MESSAGES.slotFull);
  await freeSeat(tx, booking.slotId);
  const [moved] = await tx
    .update(roundBookings)
    .set({ slotId: slot.id, startsAt: slot.startsAt, endsAt: slot.endsAt, sequence: booking.sequence + 1 })
    .where(eq(roundBookings.id, booking.id))
    .returning();
  if (!moved) throw new Error('booking update returned nothing');
  await tx
    .update(roundChangeRequests)
    .set({ status: 'resolved', resolvedAt: sql`now()` })
    .where(and(eq(roundChangeRequests.bookingId, booking.id), eq(roundChangeRequests.status, 'open')));
  // The candidate's event moves; a panel that no longer has the candidate gets a cancellation, the new one a request.
  const [oldSlot] = await tx.select().from(roundSlots).where(eq(roundSlots.id, booking.slotId));
  if (oldSlot && oldSlot.panelId !== slot.panelId) {
    await notifyBooking(tx, { ...moved, slotId: booking.slotId }, 'interview.cancelled', 'CANCEL', { only: 'panel' });
    await notifyBooking(tx, moved, 'interview.booked', 'REQUEST', { only: 'panel' });
    await notifyBooking(tx, moved, 'interview.changed', 'REQUEST', { only: 'candidate' });
  } else {
    await notifyBooking(tx, moved, 'interview.changed', 'REQUEST');
  }
  return moved;
}

export async function cancelBooking(tx: Executor, booking: BookingRow): Promise<BookingRow> {
  const [cancelled] = await tx
    .update(roundBookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, sequence: booking.sequence + 1 })
    .where(eq(roundBookings.id, booking.id))
    .returning();
  if (!cancelled) throw new Error('booking update returned nothing');
  await freeSeat(tx, booking.slotId);
  await tx
    .update(roundChangeRequests)
    .set({ status: 'resolved', resolvedAt: sql`now()` })
    .where(and(eq(roundChangeRequests.bookingId, booking.id), eq(roundChangeRequests.status, 'open')));
  await notifyBooking(tx, cancelled, 'interview.cancelled', 'CANCEL');
  return cancelled;
}

/** A candidate may change or cancel a booking until the round's cut-off before its slot. */
export function assertBeforeCutoff(round: RoundRow, booking: BookingRow, now = Date.now()) {
  if (booking.startsAt.getTime() - round.rescheduleCutoffHours * 3_600_000 <= now) {
    throw errors.conflict(ROUND_MESSAGES.pastCutoff(round.rescheduleCutoffHours));
  }
}

export function assertWindowOpen(round: RoundRow, now = Date.now()) {
  if (now < round.bookingOpensAt.getTime() || now >= round.bookingClosesAt.getTime()) {
    throw errors.conflict(ROUND_MESSAGES.notOpen);
  }
}

/** The candidate's own live booking, or 404 (someone else's booking does not exist for them). */
export async function loadOwnBooking(tx: Executor, candidateId: number, bookingId: string, lock = true) {
  const query = tx
    .select({ booking: roundBookings, round: interviewRounds })
    .from(roundBookings)
    .innerJoin(interviewRounds, eq(interviewRounds.stageId, roundBookings.roundId))
    .innerJoin(openings, eq(openings.id, interviewRounds.openingId))
    .where(
      and(
        eq(roundBookings.id, bookingId),
        eq(roundBookings.candidateId, candidateId),
        eq(roundBookings.status, 'booked'),
        isNull(openings.deletedAt),
      ),
    );
  const [row] = lock ? await query.for('update', { of: roundBookings }) : await query;
  if (!row) throw errors.notFound('That booking');
  return row;
}

/** The candidate's application that is in the round's stage now, or 404. */
export async function candidateInRound(tx: Executor, candidateId: number, roundId: string) {
  const [row] = await tx
    .select({ round: interviewRounds, application: { id: applications.id, applicantId: applications.applicantId } })
    .from(interviewRounds)
    .innerJoin(openings, eq(openings.id, interviewRounds.openingId))
    .innerJoin(
      applications,
      and(eq(applications.openingId, interviewRounds.openingId), eq(applications.stageId, interviewRounds.stageId)),
    )
    .where(
      and(eq(interviewRounds.stageId, roundId), eq(applications.applicantId, candidateId), isNull(openings.deletedAt)),
    )
    .for('share', { of: interviewRounds });
  if (!row) throw errors.notFound('That round');
  return row;
}

export function presentBooking(booking: BookingRow, slot: SlotRow, changeRequested: boolean): Booking {
  return {
    id: booking.id,
    roundId: booking.roundId,
    slot: {
      id: slot.id,
      panelId: slot.panelId,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timeZone: slot.timeZone,
      venue: slot.venue,
      meetingLink: slot.meetingLink,
    },
    status: booking.status,
    sequence: booking.sequence,
    changeRequested,
  };
}

/**
 * Allots every candidate of the round's stage who has no live booking: earliest free slot first, and among slots
 * at the same time the panel with the fewest candidates so far (so panels fill evenly); never a slot that overlaps
 * another live booking of the candidate's, at this organization or any other. Each seat is taken as a booking
 * takes it (takeSeat), so candidates booking meanwhile are never overbooked. Returns how many were placed and left.
 */
export async function allotRound(tx: Executor, round: RoundRow): Promise<{ count: number; left: number }> {
  const waiting = await tx
    .select({ id: applications.id, applicantId: applications.applicantId })
    .from(applications)
    .where(
      and(
        eq(applications.openingId, round.openingId),
        eq(applications.stageId, round.stageId),
        sql`not exists (select 1 from round_bookings b where b.round_id = ${round.stageId}::uuid
          and b.application_id = ${applications.id} and b.status = 'booked')`,
      ),
    )
    .orderBy(asc(applications.submittedAt), asc(applications.id));
  const slots = await tx
    .select()
    .from(roundSlots)
    .where(and(eq(roundSlots.roundId, round.stageId), gt(roundSlots.startsAt, sql`now()`)))
    .orderBy(asc(roundSlots.startsAt), asc(roundSlots.id));
  const perPanel = new Map<string, number>();
  for (const slot of slots) perPanel.set(slot.panelId, (perPanel.get(slot.panelId) ?? 0) + slot.seatsTaken);
  let placed = 0;
  for (const application of waiting) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, application.applicantId)).for('no key update');
    const busy = await tx
      .select({ startsAt: roundBookings.startsAt, endsAt: roundBookings.endsAt })
      .from(roundBookings)
      .where(and(eq(roundBookings.candidateId, application.applicantId), eq(roundBookings.status, 'booked')));
    const free = slots.filter(
      (slot) =>
        slot.seatsTaken < slot.capacity && !busy.some((b) => b.startsAt < slot.endsAt && slot.startsAt < b.endsAt),
    );
    const earliest = free[0]?.startsAt.getTime();
    const choice = free
      .filter((slot) => slot.startsAt.getTime() === earliest)
      .sort((a, b) => (perPanel.get(a.panelId) ?? 0) - (perPanel.get(b.panelId) ?? 0))[0];
    if (!choice) continue;
    const taken = await takeSeat(tx, round.stageId, choice.id);
    choice.seatsTaken = taken ? taken.seatsTaken : choice.capacity;
    if (!taken) continue;
    const [booking] = await tx
      .insert(roundBookings)
      .values({
        roundId: round.stageId,
        slotId: choice.id,
        applicationId: application.id,
        candidateId: application.applicantId,
        startsAt: choice.startsAt,
        endsAt: choice.endsAt,
        allotted: true,
      })
      .returning();
    if (!booking) throw new Error('booking insert returned nothing');
    perPanel.set(choice.panelId, (perPanel.get(choice.panelId) ?? 0) + 1);
    await notifyBooking(tx, booking, 'interview.booked', 'REQUEST');
    placed++;
  }
  return { count: placed, left: waiting.length - placed };
}

/** What the words of a booking's notifications need: the slot, round, opening, organization and candidate. */
export async function bookingContext(tx: Executor, booking: Pick<BookingRow, 'slotId' | 'candidateId' | 'startsAt'>) {
  const [row] = await tx
    .select({
      slot: roundSlots,
      round: interviewRounds,
      stageName: openingStages.name,
      openingTitle: openings.title,
      organizationId: openings.organizationId,
      organizationName: sql<string>`coalesce((select op.name from ${organizationProfiles} op
        where op.user_id = ${openings.organizationId}), (select u.name from ${users} u where u.id = ${openings.organizationId}), '')`,
      candidateName: sql<string>`coalesce((select ip.name from ${individualProfiles} ip
        where ip.user_id = ${booking.candidateId}::bigint), (select u.name from ${users} u
        where u.id = ${booking.candidateId}::bigint), 'A candidate')`,
    })
    .from(roundSlots)
    .innerJoin(interviewRounds, eq(interviewRounds.stageId, roundSlots.roundId))
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .innerJoin(openings, eq(openings.id, interviewRounds.openingId))
    .where(eq(roundSlots.id, booking.slotId));
  if (!row) return;
  const { slot, round } = row;
  const when = describeInZone(booking.startsAt, slot.timeZone);
  const place =
    round.mode === 'online'
      ? slot.meetingLink
        ? `Online: ${slot.meetingLink}`
        : 'Online'
      : round.mode === 'phone'
        ? 'By phone'
        : slot.venue
          ? `Venue: ${slot.venue}`
          : 'On campus';
  return { row, slot, round, when, place };
}

/**
 * The in-app notification and the mail (with its .ics: calendar.ts) of a booking change, to the candidate and to
 * every panelist of the slot's panel (team members by account, outside interviewers by address). The dedupe key
 * names the booking, its SEQUENCE and the recipient: each version of the event is told once per person.
 */
export async function notifyBooking(
  tx: Executor,
  booking: BookingRow,
  kind: Extract<NotificationKind, 'interview.booked' | 'interview.changed' | 'interview.cancelled'>,
  method: 'REQUEST' | 'CANCEL',
  options: { only?: 'candidate' | 'panel' } = {},
) {
  const context = await bookingContext(tx, booking);
  if (!context) return;
  const { row, slot, round, when, place } = context;
  const kindLabel = ROUND_KIND_LABELS[round.kind];
  const calendar = (summary: string, description: string) => ({
    icsUid: bookingUid(booking.id),
    icsSequence: String(booking.sequence),
    icsMethod: method,
    icsStart: booking.startsAt.toISOString(),
    icsEnd: booking.endsAt.toISOString(),
    icsSummary: summary,
    icsLocation:
      round.mode === 'online' ? (slot.meetingLink ?? '') : round.mode === 'phone' ? 'Phone' : (slot.venue ?? ''),
    icsDescription: description,
  });
  const common = {
    openingTitle: row.openingTitle,
    organizationName: row.organizationName,
    stageName: row.stageName,
    when,
    place,
  };
  const events: NotificationEvent[] = [];
  if (options.only !== 'panel') {
    events.push({
      recipientId: booking.candidateId,
      kind,
      dedupeKey: `${kind}:${booking.id}:${booking.sequence}:candidate`,
      link: notificationLinks.myRounds,
      payload: {
        ...common,
        subject: `Your ${row.stageName}`,
        ...calendar(
          `${row.stageName} — ${row.openingTitle}${row.organizationName ? ` (${row.organizationName})` : ''}`,
          `${kindLabel}, ${ROUND_MODE_LABELS[round.mode].toLowerCase()}. ${place}.`,
        ),
      },
    });
  }
  if (options.only === 'candidate') return notify(tx, events);
  const panelists = await tx.select().from(roundPanelists).where(eq(roundPanelists.panelId, slot.panelId));
  const panelPayload = {
    ...common,
    subject: `${row.candidateName}’s ${row.stageName}`,
    ...calendar(
      `${row.stageName}: ${row.candidateName} — ${row.openingTitle}`,
      `${kindLabel} with ${row.candidateName}. ${place}.`,
    ),
  };
  for (const panelist of panelists) {
    const dedupeKey = `${kind}:${booking.id}:${booking.sequence}:panelist:${panelist.id}`;
    if (panelist.userId !== null) {
      events.push({
        recipientId: panelist.userId,
        kind,
        dedupeKey,
        link: notificationLinks.roundDay(round.stageId),
        payload: panelPayload,
      });
    } else {
      await notifyAddress(tx, { email: panelist.email, kind, dedupeKey, link: '/rounds/panel', payload: panelPayload });
    }
  }
  await notify(tx, events);
}
