import { randomUUID } from 'node:crypto';
import {
  type GenerateSlotsBody,
  ROUND_LIMITS,
  type Round,
  type RoundCriterion,
  type roundSettingsBodySchema,
  type Slot,
  type slotBodySchema,
  slotStartMinutes,
  type z,
} from '@placely/contract';
import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import {
  interviewRounds,
  openingStages,
  openings,
  organizationMembers,
  roundPanelists,
  roundPanels,
  roundSlots,
} from '../../db/schema';
import { errors } from '../../errors';
import { authorize, can } from '../../policies';
import type { OrganizationAccess } from '../../policies/organization';
import type { RoundAccess } from '../../policies/round';
import type { OpeningRow } from '../../presenters/opening';
import { minutesOf, zonedInstant } from './time';

export type RoundRow = typeof interviewRounds.$inferSelect;
export type SlotRow = typeof roundSlots.$inferSelect;
export type PanelRow = typeof roundPanels.$inferSelect;
export type PanelistRow = typeof roundPanelists.$inferSelect;

export interface LoadedRound {
  round: RoundRow;
  opening: OpeningRow;
  stageName: string;
  record: RoundAccess;
}

type RoundAction = 'round.view' | 'round.manage' | 'round.mark' | 'round.score';

/**
 * A round of a live opening of the organization the caller acts for, authorized for `action`. Another
 * organization's round is a 404, so its existence does not leak. `lock` locks the round's row.
 */
export async function loadRound(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  roundId: string,
  action: RoundAction,
  lock?: 'share' | 'update',
): Promise<LoadedRound> {
  const query = db
    .select({
      round: interviewRounds,
      opening: openings,
      stageName: openingStages.name,
      panelist: sql<boolean>`exists (select 1 from round_panelists p join round_panels pn on pn.id = p.panel_id
        where pn.round_id = ${interviewRounds.stageId} and p.user_id = ${actor.user.id}::bigint)`,
    })
    .from(interviewRounds)
    .innerJoin(openings, eq(openings.id, interviewRounds.openingId))
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .where(
      and(
        eq(interviewRounds.stageId, roundId),
        isNull(openings.deletedAt),
        eq(openings.organizationId, access.organizationId),
      ),
    );
  const [row] = lock ? await query.for(lock, { of: interviewRounds }) : await query;
  if (!row) throw errors.notFound('That round');
  const record: RoundAccess = { access, opening: row.opening, panelist: row.panelist };
  authorize(actor, action, record);
  return { round: row.round, opening: row.opening, stageName: row.stageName, record };
}

export const presentSlot = (slot: SlotRow): Slot => ({
  id: slot.id,
  panelId: slot.panelId,
  startsAt: slot.startsAt.toISOString(),
  endsAt: slot.endsAt.toISOString(),
  timeZone: slot.timeZone,
  capacity: slot.capacity,
  seatsTaken: slot.seatsTaken,
  venue: slot.venue,
  meetingLink: slot.meetingLink,
});

export async function panelsOf(db: Executor, roundId: string): Promise<Round['panels']> {
  const rows = await db
    .select({ panel: roundPanels, panelist: roundPanelists })
    .from(roundPanels)
    .leftJoin(roundPanelists, eq(roundPanelists.panelId, roundPanels.id))
    .where(eq(roundPanels.roundId, roundId))
    .orderBy(asc(roundPanels.position), asc(roundPanelists.createdAt));
  const panels = new Map<string, Round['panels'][number]>();
  for (const { panel, panelist } of rows) {
    const entry = panels.get(panel.id) ?? { id: panel.id, name: panel.name, panelists: [] };
    panels.set(panel.id, entry);
    if (panelist) {
      entry.panelists.push({
        id: panelist.id,
        name: panelist.name,
        email: panelist.email,
        outside: panelist.userId === null,
      });
    }
  }
  return [...panels.values()];
}

export async function presentRound(
  db: Executor,
  actor: Actor,
  loaded: Omit<LoadedRound, 'record'> & { record: RoundAccess },
): Promise<Round> {
  const { round } = loaded;
  const [panels, [slots]] = await Promise.all([
    panelsOf(db, round.stageId),
    db.select({ n: count() }).from(roundSlots).where(eq(roundSlots.roundId, round.stageId)),
  ]);
  return {
    id: round.stageId,
    openingId: round.openingId,
    stageName: loaded.stageName,
    kind: round.kind,
    mode: round.mode,
    durationMinutes: round.durationMinutes,
    venue: round.venue,
    meetingLink: round.meetingLink,
    bookingOpensAt: round.bookingOpensAt.toISOString(),
    bookingClosesAt: round.bookingClosesAt.toISOString(),
    rescheduleCutoffHours: round.rescheduleCutoffHours,
    assignment: round.assignment,
    criteria: round.criteria,
    panels,
    slots: Number(slots?.n ?? 0),
    abilities: {
      manage: can(actor, 'round.manage', loaded.record),
      score: can(actor, 'round.score', loaded.record),
    },
  };
}

/** The rounds of an opening, in pipeline order. */
export async function roundsOf(db: Executor, openingId: string) {
  return db
    .select({ round: interviewRounds, stageName: openingStages.name })
    .from(interviewRounds)
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .where(eq(interviewRounds.openingId, openingId))
    .orderBy(asc(openingStages.position));
}

/**
 * Makes a custom stage of the opening a round, or changes its settings. Criteria keep their ids by name, so a
 * renamed list does not orphan the scores already given on the criteria that stayed.
 */
export async function saveRoundSettings(
  tx: Executor,
  actorId: number,
  opening: OpeningRow,
  input: z.output<typeof roundSettingsBodySchema>,
): Promise<string> {
  const [stage] = await tx
    .select()
    .from(openingStages)
    .where(and(eq(openingStages.id, input.stageId), eq(openingStages.openingId, opening.id)));
  if (!stage) throw errors.validation([{ field: 'stageId', message: 'Not a stage of this opening' }]);
  if (stage.kind !== 'custom') {
    throw errors.validation([{ field: 'stageId', message: 'Only stages of your own can be rounds' }]);
  }
  const opens = new Date(input.bookingOpensAt);
  const closes = new Date(input.bookingClosesAt);
  if (closes <= opens) {
    throw errors.validation([{ field: 'bookingClosesAt', message: 'Booking must close after it opens' }]);
  }
  const names = input.criteria.map((name) => name.toLowerCase());
  if (new Set(names).size !== names.length) {
    throw errors.validation([{ field: 'criteria', message: 'Each criterion needs its own name' }]);
  }
  const [existing] = await tx.select().from(interviewRounds).where(eq(interviewRounds.stageId, stage.id)).for('update');
  const criteria: RoundCriterion[] = input.criteria.map((name) => ({
    id: existing?.criteria.find((c) => c.name.toLowerCase() === name.toLowerCase())?.id ?? randomUUID(),
    name,
  }));
  const values = {
    kind: input.kind,
    mode: input.mode,
    durationMinutes: input.durationMinutes,
    venue: input.venue || null,
    meetingLink: input.meetingLink,
    bookingOpensAt: opens,
    bookingClosesAt: closes,
    rescheduleCutoffHours: input.rescheduleCutoffHours,
    assignment: input.assignment,
    criteria,
  };
  if (existing) {
    await tx
      .update(interviewRounds)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(interviewRounds.stageId, stage.id));
  } else {
    await tx
      .insert(interviewRounds)
      .values({ stageId: stage.id, openingId: opening.id, createdBy: actorId, ...values });
  }
  return stage.id;
}

/** A panel with its panelists: an address of a live team member is that person; any other is an outside interviewer. */
export async function addPanel(
  tx: Executor,
  round: RoundRow,
  organizationId: number,
  input: { name: string; panelists: Array<{ email: string; name: string }> },
): Promise<string> {
  const panels = await tx.select().from(roundPanels).where(eq(roundPanels.roundId, round.stageId));
  if (panels.length >= ROUND_LIMITS.maxPanels) {
    throw errors.conflict(`A round can have at most ${ROUND_LIMITS.maxPanels} panels.`);
  }
  if (panels.some((panel) => panel.name.toLowerCase() === input.name.toLowerCase())) {
    throw errors.validation([{ field: 'name', message: 'Another panel already has this name' }]);
  }
  const emails = input.panelists.map((p) => p.email);
  if (new Set(emails).size !== emails.length) {
    throw errors.validation([{ field: 'panelists', message: 'Each panelist needs their own email address' }]);
  }
  const members = await tx
    .select({ email: organizationMembers.email, userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(organizationMembers.email, emails),
        isNull(organizationMembers.revokedAt),
      ),
    );
  const [panel] = await tx
    .insert(roundPanels)
    .values({ roundId: round.stageId, name: input.name, position: panels.length })
    .returning({ id: roundPanels.id });
  if (!panel) throw new Error('panel insert returned nothing');
  await tx.insert(roundPanelists).values(
    input.panelists.map((p) => ({
      panelId: panel.id,
      email: p.email,
      name: p.name,
      userId: members.find((m) => m.email === p.email)?.userId ?? null,
    })),
  );
  return panel.id;
}

async function panelOf(tx: Executor, round: RoundRow, panelId: string, field: string): Promise<PanelRow> {
  // The panel's row lock serialises the overlap checks of concurrent slot writes on one panel.
  const [panel] = await tx
    .select()
    .from(roundPanels)
    .where(and(eq(roundPanels.id, panelId), eq(roundPanels.roundId, round.stageId)))
    .for('update');
  if (!panel) throw errors.validation([{ field, message: 'Not a panel of this round' }]);
  return panel;
}

interface NewSlot {
  panelId: string;
  startsAt: Date;
  endsAt: Date;
}

async function assertNoOverlap(tx: Executor, slots: NewSlot[], field: string) {
  for (const [i, slot] of slots.entries()) {
    const clash = slots.findIndex(
      (other, j) =>
        j !== i && other.panelId === slot.panelId && other.startsAt < slot.endsAt && slot.startsAt < other.endsAt,
    );
    if (clash !== -1) throw errors.validation([{ field, message: 'These slots overlap each other' }]);
  }
  const panelIds = [...new Set(slots.map((s) => s.panelId))];
  const first = new Date(Math.min(...slots.map((s) => s.startsAt.getTime())));
  const last = new Date(Math.max(...slots.map((s) => s.endsAt.getTime())));
  const existing = await tx
    .select({ panelId: roundSlots.panelId, startsAt: roundSlots.startsAt, endsAt: roundSlots.endsAt })
    .from(roundSlots)
    .where(and(inArray(roundSlots.panelId, panelIds), lt(roundSlots.startsAt, last), gt(roundSlots.endsAt, first)));
  const overlapping = slots.some((slot) =>
    existing.some((e) => e.panelId === slot.panelId && e.startsAt < slot.endsAt && slot.startsAt < e.endsAt),
  );
  if (overlapping) {
    throw errors.validation([{ field, message: 'Overlaps a slot this panel already has' }]);
  }
}

async function assertRoomFor(tx: Executor, round: RoundRow, adding: number) {
  const [row] = await tx.select({ n: count() }).from(roundSlots).where(eq(roundSlots.roundId, round.stageId));
  if (Number(row?.n ?? 0) + adding > ROUND_LIMITS.maxSlotsPerRound) {
    throw errors.conflict(`A round can have at most ${ROUND_LIMITS.maxSlotsPerRound} slots.`);
  }
}

export async function addSlot(tx: Executor, round: RoundRow, input: z.output<typeof slotBodySchema>): Promise<SlotRow> {
  const panel = await panelOf(tx, round, input.panelId, 'panelId');
  const startsAt = new Date(input.startsAt);
  if (startsAt.getTime() <= Date.now()) {
    throw errors.validation([{ field: 'startsAt', message: 'Must be in the future' }]);
  }
  const endsAt = new Date(startsAt.getTime() + round.durationMinutes * 60_000);
  await assertNoOverlap(tx, [{ panelId: panel.id, startsAt, endsAt }], 'startsAt');
  await assertRoomFor(tx, round, 1);
  const [slot] = await tx
    .insert(roundSlots)
    .values({
      roundId: round.stageId,
      panelId: panel.id,
      startsAt,
      endsAt,
      timeZone: input.timeZone,
      capacity: input.capacity,
      venue: input.venue || round.venue,
      meetingLink: input.meetingLink ?? round.meetingLink,
    })
    .returning();
  if (!slot) throw new Error('slot insert returned nothing');
  return slot;
}

/**
 * "9:00–17:00, 30 min, 6 panels, lunch 13:00–14:00": for each chosen panel, back-to-back slots from `from` until
 * the last one that ends by `to`, skipping any that would touch a break. Nothing is created when any slot would be
 * in the past or overlap one a panel already has.
 */
export function plannedSlots(round: RoundRow, input: GenerateSlotsBody & { slotMinutes?: number | undefined }) {
  const step = input.slotMinutes ?? round.durationMinutes;
  if (minutesOf(input.to) <= minutesOf(input.from)) {
    throw errors.validation([{ field: 'to', message: 'The day must end after it starts' }]);
  }
  input.breaks.forEach((b, i) => {
    if (minutesOf(b.to) <= minutesOf(b.from))
      throw errors.validation([{ field: `breaks.${i}.to`, message: 'A break must end after it starts' }]);
  });
  const starts = slotStartMinutes({ from: input.from, to: input.to, step, breaks: input.breaks });
  return input.panelIds.flatMap((panelId) =>
    starts.map((minute) => {
      const startsAt = zonedInstant(input.date, minute, input.timeZone);
      return { panelId, startsAt, endsAt: new Date(startsAt.getTime() + round.durationMinutes * 60_000) };
    }),
  );
}

export async function generateSlots(
  tx: Executor,
  round: RoundRow,
  input: GenerateSlotsBody & { slotMinutes?: number | undefined },
): Promise<number> {
  if (new Set(input.panelIds).size !== input.panelIds.length) {
    throw errors.validation([{ field: 'panelIds', message: 'Each panel once' }]);
  }
  for (const [i, panelId] of [...input.panelIds].sort().entries()) await panelOf(tx, round, panelId, `panelIds.${i}`);
  const planned = plannedSlots(round, input);
  if (planned.length === 0) throw errors.validation([{ field: 'to', message: 'No slot fits between these times' }]);
  if (planned.length > ROUND_LIMITS.maxGenerated) {
    throw errors.validation([
      {
        field: 'panelIds',
        message: `At most ${ROUND_LIMITS.maxGenerated} slots at once (this makes ${planned.length})`,
      },
    ]);
  }
  if (planned.some((slot) => slot.startsAt.getTime() <= Date.now())) {
    throw errors.validation([{ field: 'date', message: 'Some of these slots would be in the past' }]);
  }
  await assertNoOverlap(tx, planned, 'from');
  await assertRoomFor(tx, round, planned.length);
  await tx.insert(roundSlots).values(
    planned.map((slot) => ({
      roundId: round.stageId,
      panelId: slot.panelId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      timeZone: input.timeZone,
      capacity: input.capacity,
      venue: round.venue,
      meetingLink: round.meetingLink,
    })),
  );
  return planned.length;
}
