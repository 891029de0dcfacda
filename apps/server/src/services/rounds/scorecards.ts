import type { Recommendation, Scorecard, ScorecardBody, Scorecards } from '@placely/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, roundBookings, roundPanelists, roundPanels, roundScorecards } from '../../db/schema';
import { errors } from '../../errors';
import { seesOtherScorecards } from '../../policies/round';
import type { PanelistRow, RoundRow } from './rounds';

type ScorecardRow = typeof roundScorecards.$inferSelect;

const present = (row: ScorecardRow, panelistName: string): Scorecard => ({
  id: row.id,
  panelistName,
  ratings: row.ratings,
  recommendation: row.recommendation,
  notes: row.notes,
  submittedAt: row.submittedAt.toISOString(),
});

/** The caller's panelist row in the round: on the panel of the candidate's slot when they sit there, else any. */
export async function panelistOf(
  db: Executor,
  roundId: string,
  userId: number,
  applicationId?: string,
): Promise<PanelistRow | undefined> {
  const rows = await db
    .select({ panelist: roundPanelists })
    .from(roundPanelists)
    .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
    .where(and(eq(roundPanels.roundId, roundId), eq(roundPanelists.userId, userId)))
    .orderBy(asc(roundPanels.position));
  if (rows.length <= 1 || !applicationId) return rows[0]?.panelist;
  const [booked] = await db
    .select({ panelId: sql<string>`s.panel_id` })
    .from(roundBookings)
    .innerJoin(sql`round_slots s`, sql`s.id = ${roundBookings.slotId}`)
    .where(
      and(
        eq(roundBookings.roundId, roundId),
        eq(roundBookings.applicationId, applicationId),
        eq(roundBookings.status, 'booked'),
      ),
    );
  return rows.find((row) => row.panelist.panelId === booked?.panelId)?.panelist ?? rows[0]?.panelist;
}

/** The application is a candidate of this round: booked in it (now or before) or in its stage. */
async function assertCandidateOfRound(db: Executor, round: RoundRow, applicationId: string) {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.openingId, round.openingId),
        sql`(${applications.stageId} = ${round.stageId}::uuid or exists (select 1 from round_bookings b
          where b.round_id = ${round.stageId}::uuid and b.application_id = ${applications.id}))`,
      ),
    );
  if (!row) throw errors.notFound('That candidate in this round');
}

/** One scorecard per panelist per candidate per round: submitting again replaces the panelist's own. */
export async function submitScorecard(
  tx: Executor,
  round: RoundRow,
  panelist: PanelistRow,
  input: Omit<ScorecardBody, 'roundId'> & { notes: string },
): Promise<void> {
  await assertCandidateOfRound(tx, round, input.applicationId);
  const ids = round.criteria.map((c) => c.id);
  const given = Object.keys(input.ratings);
  const unknown = given.find((id) => !ids.includes(id));
  if (unknown) throw errors.validation([{ field: `ratings.${unknown}`, message: 'Not a criterion of this round' }]);
  const missing = round.criteria.find((c) => input.ratings[c.id] === undefined);
  if (missing) throw errors.validation([{ field: `ratings.${missing.id}`, message: `Rate ${missing.name} (1–5)` }]);
  await tx
    .insert(roundScorecards)
    .values({
      roundId: round.stageId,
      applicationId: input.applicationId,
      panelistId: panelist.id,
      ratings: input.ratings,
      recommendation: input.recommendation,
      notes: input.notes,
    })
    .onConflictDoUpdate({
      target: [roundScorecards.roundId, roundScorecards.applicationId, roundScorecards.panelistId],
      set: {
        ratings: input.ratings,
        recommendation: input.recommendation,
        notes: input.notes,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * The scorecards on one candidate as the viewer may see them: their own, and the others' only under the blind
 * rule (policies/round.ts `seesOtherScorecards`).
 */
export async function scorecardsFor(
  db: Executor,
  round: RoundRow,
  applicationId: string,
  viewer: { panelist: PanelistRow | undefined; runsRound: boolean; canSubmit: boolean },
): Promise<Scorecards> {
  await assertCandidateOfRound(db, round, applicationId);
  const rows = await db
    .select({ card: roundScorecards, name: roundPanelists.name })
    .from(roundScorecards)
    .innerJoin(roundPanelists, eq(roundPanelists.id, roundScorecards.panelistId))
    .where(and(eq(roundScorecards.roundId, round.stageId), eq(roundScorecards.applicationId, applicationId)))
    .orderBy(asc(roundScorecards.submittedAt));
  const mine = rows.find((row) => row.card.panelistId === viewer.panelist?.id);
  const sees = seesOtherScorecards({
    panelist: viewer.panelist !== undefined,
    submitted: mine !== undefined,
    runsRound: viewer.runsRound,
  });
  return {
    criteria: round.criteria,
    mine: mine ? present(mine.card, mine.name) : null,
    others: sees ? rows.filter((row) => row !== mine).map((row) => present(row.card, row.name)) : [],
    hidden: !sees && rows.some((row) => row !== mine),
    abilities: { submit: viewer.canSubmit },
  };
}

/**
 * Each application's submitted recommendations that the viewer may see (the day view's column and the bulk move's
 * input), under the same blind rule.
 */
export async function recommendationsOf(
  db: Executor,
  roundId: string,
  applicationIds: string[],
  viewer: { panelistIds: string[]; runsRound: boolean },
): Promise<Map<string, Recommendation[]>> {
  const result = new Map<string, Recommendation[]>();
  if (applicationIds.length === 0) return result;
  const rows = await db
    .select({
      applicationId: roundScorecards.applicationId,
      panelistId: roundScorecards.panelistId,
      recommendation: roundScorecards.recommendation,
    })
    .from(roundScorecards)
    .where(and(eq(roundScorecards.roundId, roundId), inArray(roundScorecards.applicationId, applicationIds)));
  for (const id of applicationIds) {
    const cards = rows.filter((row) => row.applicationId === id);
    const own = cards.filter((row) => viewer.panelistIds.includes(row.panelistId));
    const sees = seesOtherScorecards({
      panelist: viewer.panelistIds.length > 0,
      submitted: own.length > 0,
      runsRound: viewer.runsRound,
    });
    result.set(
      id,
      (sees ? cards : own).map((row) => row.recommendation),
    );
  }
  return result;
}
