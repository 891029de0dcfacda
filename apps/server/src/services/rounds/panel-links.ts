import { type PanelLink, type PanelView, ROUND_MESSAGES } from '@placely/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  individualProfiles,
  interviewRounds,
  openingFormVersions,
  openingStages,
  openings,
  roundBookings,
  roundPanelists,
  roundPanelLinks,
  roundPanelLinkViews,
  roundPanels,
  roundScorecards,
  roundSlots,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { withoutContactAnswers } from '../applications/contacts';
import { hashLinkToken, newLinkToken } from '../shortlisting/share-links';
import { answerList } from '../shortlisting/shortlists';
import type { PanelistRow, RoundRow } from './rounds';

type LinkRow = typeof roundPanelLinks.$inferSelect;

const stateOf = (link: LinkRow, now = new Date()) =>
  link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : 'live';

export const panelLinkUrl = (base: string, token: string) => `${base}/rounds/panel?link=${encodeURIComponent(token)}`;

export function presentPanelLink(link: LinkRow, panelistName: string, url: string | null = null): PanelLink {
  return {
    id: link.id,
    panelistId: link.panelistId,
    panelistName,
    expiresAt: link.expiresAt.toISOString(),
    state: stateOf(link),
    views: link.views,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
    url,
  };
}

/** The panelist of this round the link is for; 404 when it is another round's. */
export async function panelistOfRound(db: Executor, roundId: string, panelistId: string): Promise<PanelistRow> {
  const [row] = await db
    .select({ panelist: roundPanelists })
    .from(roundPanelists)
    .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
    .where(and(eq(roundPanelists.id, panelistId), eq(roundPanels.roundId, roundId)));
  if (!row) throw errors.notFound('That panelist');
  return row.panelist;
}

export async function createPanelLink(
  tx: Executor,
  panelist: PanelistRow,
  createdBy: number,
  expiresInDays: number,
): Promise<{ row: LinkRow; token: string }> {
  const token = newLinkToken();
  const [row] = await tx
    .insert(roundPanelLinks)
    .values({
      panelistId: panelist.id,
      tokenHash: hashLinkToken(token),
      expiresAt: sql`now() + make_interval(days => ${expiresInDays})`,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('panel link not inserted');
  return { row, token };
}

export async function panelLinksOf(db: Executor, roundId: string) {
  return db
    .select({ link: roundPanelLinks, name: roundPanelists.name })
    .from(roundPanelLinks)
    .innerJoin(roundPanelists, eq(roundPanelists.id, roundPanelLinks.panelistId))
    .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
    .where(eq(roundPanels.roundId, roundId))
    .orderBy(desc(roundPanelLinks.createdAt));
}

/** A link of a round of the caller's organization (checked by the caller through the round), for revoking. */
export async function panelLinkById(db: Executor, linkId: string) {
  const [row] = await db
    .select({ link: roundPanelLinks, name: roundPanelists.name, roundId: roundPanels.roundId })
    .from(roundPanelLinks)
    .innerJoin(roundPanelists, eq(roundPanelists.id, roundPanelLinks.panelistId))
    .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
    .where(eq(roundPanelLinks.id, linkId));
  if (!row) throw errors.notFound('That link');
  return row;
}

export interface ResolvedPanelLink {
  link: LinkRow;
  panelist: PanelistRow;
  round: RoundRow;
  openingTitle: string;
  stageName: string;
}

/** The link an outside interviewer holds: unknown → 404; revoked, expired or its opening deleted → 410. */
export async function resolvePanelLink(db: Executor, token: string): Promise<ResolvedPanelLink> {
  const [row] = await db
    .select({
      link: roundPanelLinks,
      panelist: roundPanelists,
      round: interviewRounds,
      openingTitle: openings.title,
      openingDeleted: openings.deletedAt,
      stageName: openingStages.name,
      now: sql<Date>`now()`.mapWith((value) => new Date(value)),
    })
    .from(roundPanelLinks)
    .innerJoin(roundPanelists, eq(roundPanelists.id, roundPanelLinks.panelistId))
    .innerJoin(roundPanels, eq(roundPanels.id, roundPanelists.panelId))
    .innerJoin(interviewRounds, eq(interviewRounds.stageId, roundPanels.roundId))
    .innerJoin(openingStages, eq(openingStages.id, interviewRounds.stageId))
    .innerJoin(openings, eq(openings.id, interviewRounds.openingId))
    .where(eq(roundPanelLinks.tokenHash, hashLinkToken(token)));
  if (!row) throw errors.notFound('That interviewer link');
  if (row.link.revokedAt || row.openingDeleted) throw errors.gone('This interviewer link was revoked.');
  if (row.link.expiresAt <= row.now) throw errors.gone('This interviewer link has expired.');
  return row;
}

export async function recordPanelLinkView(tx: Executor, linkId: string) {
  await tx.insert(roundPanelLinkViews).values({ linkId });
  await tx
    .update(roundPanelLinks)
    .set({ views: sql`${roundPanelLinks.views} + 1`, lastViewedAt: sql`now()` })
    .where(eq(roundPanelLinks.id, linkId));
}

/** The application is booked on one of this panelist's panel's slots (an outside interviewer scores only those). */
export async function assertOnPanelistSlots(db: Executor, resolved: ResolvedPanelLink, applicationId: string) {
  const [row] = await db
    .select({ id: roundBookings.id })
    .from(roundBookings)
    .innerJoin(roundSlots, eq(roundSlots.id, roundBookings.slotId))
    .where(
      and(
        eq(roundBookings.roundId, resolved.round.stageId),
        eq(roundBookings.applicationId, applicationId),
        eq(roundBookings.status, 'booked'),
        eq(roundSlots.panelId, resolved.panelist.panelId),
      ),
    );
  if (!row) throw errors.notFound('That candidate on your slots');
}

/**
 * Only the panelist's own panel's slots, each with its booked candidates' shared details (name and answers without
 * contact details) and the panelist's own scorecard on each — nothing of other panels, nothing of other panelists.
 */
export async function panelView(db: Executor, resolved: ResolvedPanelLink): Promise<PanelView> {
  const slots = await db
    .select()
    .from(roundSlots)
    .where(and(eq(roundSlots.roundId, resolved.round.stageId), eq(roundSlots.panelId, resolved.panelist.panelId)))
    .orderBy(asc(roundSlots.startsAt));
  const slotIds = slots.map((slot) => slot.id);
  const booked =
    slotIds.length === 0
      ? []
      : await db
          .select({
            slotId: roundBookings.slotId,
            applicationId: roundBookings.applicationId,
            name: sql<string>`coalesce(${individualProfiles.name}, ${users.name}, '')`,
            answers: applications.answers,
            definition: openingFormVersions.definition,
          })
          .from(roundBookings)
          .innerJoin(applications, eq(applications.id, roundBookings.applicationId))
          .innerJoin(users, eq(users.id, roundBookings.candidateId))
          .leftJoin(individualProfiles, eq(individualProfiles.userId, roundBookings.candidateId))
          .leftJoin(
            openingFormVersions,
            and(
              eq(openingFormVersions.openingId, applications.openingId),
              eq(openingFormVersions.version, applications.formVersion),
            ),
          )
          .where(and(inArray(roundBookings.slotId, slotIds), eq(roundBookings.status, 'booked')))
          .orderBy(asc(roundBookings.bookedAt));
  const cards = await db
    .select()
    .from(roundScorecards)
    .where(
      and(eq(roundScorecards.roundId, resolved.round.stageId), eq(roundScorecards.panelistId, resolved.panelist.id)),
    );
  return {
    panelistName: resolved.panelist.name,
    openingTitle: resolved.openingTitle,
    stageName: resolved.stageName,
    criteria: resolved.round.criteria,
    expiresAt: resolved.link.expiresAt.toISOString(),
    slots: slots.map((slot) => ({
      id: slot.id,
      panelId: slot.panelId,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timeZone: slot.timeZone,
      capacity: slot.capacity,
      venue: slot.venue,
      meetingLink: slot.meetingLink,
      candidates: booked
        .filter((b) => b.slotId === slot.id)
        .map((b) => {
          const card = cards.find((c) => c.applicationId === b.applicationId);
          const definition = b.definition ?? undefined;
          return {
            applicationId: b.applicationId,
            name: b.name,
            answers: answerList(definition, withoutContactAnswers(b.answers, definition)),
            scorecard: card
              ? {
                  id: card.id,
                  panelistName: resolved.panelist.name,
                  ratings: card.ratings,
                  recommendation: card.recommendation,
                  notes: card.notes,
                  submittedAt: card.submittedAt.toISOString(),
                }
              : null,
          };
        }),
    })),
  };
}

export const linkRevokedMessage = ROUND_MESSAGES.linkRevoked;
