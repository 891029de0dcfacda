import { and, eq, gte, lt } from 'drizzle-orm';
import { roundBookings, roundPanelLinks, roundPanels, roundSlots } from '../../db/schema';
import { seedOpeningWithApplicants } from '../../seed/helpers';
import { del, type Entry, get, patch, post, put, type Target, team } from './matrix-kit';
import type { World } from './world';

/**
 * Interviews and rounds (routes/rounds). Each organization gets, on first use, two openings with a round each that
 * its partner individual is in: `booked` (the individual holds a booking; the organization account and orgA's
 * coordinator sit on its panel with an outside interviewer who has a link) and `open` (not booked yet).
 */
type Org = 'orgA' | 'orgB';
const ORGANIZATIONS = ['orgA', 'orgB'] as const;
const partnerOf = (who: Org): 'indA' | 'indB' => (who === 'orgA' ? 'indA' : 'indB');
const HOUR = 3_600_000;

interface RoundFixture {
  roundId: string;
  openingId: string;
  nextStageId: string;
  panelId: string;
  slotIds: string[];
  applicationId: string;
  criterionIds: string[];
  outsidePanelistId: string;
}
interface OrgRounds {
  booked: RoundFixture & { bookingId: string; linkToken: string; linkId: string };
  open: RoundFixture;
  day: string;
}

const seeded = new WeakMap<World, Promise<Record<Org, OrgRounds>>>();

async function call(world: World, who: keyof World['actors'], method: string, path: string, body?: unknown) {
  const actor = world.actors[who];
  const res = await world.server.call(path, { method, token: actor.token, headers: actor.headers, body });
  if (res.status !== 200) throw new Error(`rounds world: ${method} ${path} ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result.data;
}

async function seedRound(world: World, who: Org, title: string, dayOffset: number): Promise<RoundFixture> {
  const partner = partnerOf(who);
  const { opening, applications } = await seedOpeningWithApplicants(world.server.db, {
    organizationId: world.actors[who].userId,
    opening: { title },
    applicants: [
      { userId: world.actors[partner].userId, answers: { name: `${partner} rounds`, email: 'r@example.com' } },
    ],
  });
  const application = applications[0];
  if (!application) throw new Error('rounds world: no application');
  const stages = await call(world, who, 'POST', '/api/organization/shortlisting/stages', {
    openingId: opening.id,
    name: 'Suite interview',
  });
  const stageId = stages.stages.find((s: { name: string }) => s.name === 'Suite interview').id;
  const next = await call(world, who, 'POST', '/api/organization/shortlisting/stages', {
    openingId: opening.id,
    name: 'Suite HR',
    afterStageId: stageId,
  });
  const nextStageId = next.stages.find((s: { name: string }) => s.name === 'Suite HR').id;
  await call(world, who, 'POST', '/api/organization/shortlisting/moves', {
    openingId: opening.id,
    toStageId: stageId,
    applicationIds: [application.id],
  });
  const round = await call(world, who, 'PUT', '/api/organization/rounds', {
    openingId: opening.id,
    stageId,
    kind: 'interview',
    mode: 'online',
    durationMinutes: 30,
    meetingLink: 'https://meet.example/suite',
    bookingOpensAt: new Date(Date.now() - HOUR).toISOString(),
    bookingClosesAt: new Date(Date.now() + 300 * 24 * HOUR).toISOString(),
    rescheduleCutoffHours: 1,
    assignment: 'self',
    criteria: ['Depth'],
  });
  const panelists = [
    { email: world.actors[who].email.toLowerCase(), name: 'Owner panelist' },
    ...(who === 'orgA' ? [{ email: world.actors.coordA.email.toLowerCase(), name: 'Coordinator panelist' }] : []),
    { email: `outside-${who.toLowerCase()}@company.example`, name: 'Outside panelist' },
  ];
  const withPanel = await call(world, who, 'POST', '/api/organization/rounds/panels', {
    roundId: round.id,
    name: 'Suite panel',
    panelists,
  });
  const panel = withPanel.panels[0];
  const slotIds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const slot = await call(world, who, 'POST', '/api/organization/rounds/slots', {
      roundId: round.id,
      panelId: panel.id,
      startsAt: new Date(Date.now() + (dayOffset * 24 + i) * HOUR).toISOString(),
      timeZone: 'UTC',
      capacity: 2,
    });
    slotIds.push(slot.id);
  }
  return {
    roundId: round.id,
    openingId: opening.id,
    nextStageId,
    panelId: panel.id,
    slotIds,
    applicationId: application.id,
    criterionIds: round.criteria.map((c: { id: string }) => c.id),
    outsidePanelistId: panel.panelists.find((p: { outside: boolean }) => p.outside).id,
  };
}

export function roundsWorld(world: World): Promise<Record<Org, OrgRounds>> {
  let promise = seeded.get(world);
  if (!promise) {
    promise = (async () => {
      const result = {} as Record<Org, OrgRounds>;
      for (const who of ORGANIZATIONS) {
        const booked = await seedRound(world, who, `Suite rounds ${who}`, 200);
        const open = await seedRound(world, who, `Suite open rounds ${who}`, 210);
        const booking = await call(world, partnerOf(who), 'POST', '/api/rounds/bookings', {
          roundId: booked.roundId,
          slotId: booked.slotIds[0],
        });
        const link = await call(world, who, 'POST', '/api/organization/rounds/panel-links', {
          panelistId: booked.outsidePanelistId,
          expiresInDays: 30,
        });
        result[who] = {
          booked: {
            ...booked,
            bookingId: booking.id,
            linkToken: new URL(link.url).searchParams.get('link') ?? '',
            linkId: link.id,
          },
          open,
          day: new Date(Date.now() + 200 * 24 * HOUR).toISOString().slice(0, 10),
        };
      }
      return result;
    })();
    seeded.set(world, promise);
  }
  return promise;
}

const perOrganization =
  (build: (rounds: OrgRounds, who: Org, world: World) => Omit<Target, 'owner'>) => async (world: World) => {
    const rounds = await roundsWorld(world);
    return ORGANIZATIONS.map((who) => ({ owner: who, ...build(rounds[who], who, world) }));
  };
const perCandidate =
  (build: (rounds: OrgRounds, who: Org, world: World) => Omit<Target, 'owner'>) => async (world: World) => {
    const rounds = await roundsWorld(world);
    return ORGANIZATIONS.map((who) => ({ owner: partnerOf(who), ...build(rounds[who], who, world) }));
  };

/** The booking back on its first slot, live, so each attempt starts from the same place. */
async function restoreBooking(world: World, who: Org) {
  const rounds = await roundsWorld(world);
  const { bookingId, slotIds } = rounds[who].booked;
  const [row] = await world.server.db.select().from(roundBookings).where(eq(roundBookings.id, bookingId));
  if (row && (row.status !== 'booked' || row.slotId !== slotIds[0])) {
    await world.server.db
      .update(roundBookings)
      .set({ status: 'booked', slotId: slotIds[0], cancelledAt: null })
      .where(eq(roundBookings.id, bookingId));
  }
}

export const ROUNDS_ENTRIES: Record<string, Entry> = {
  'GET /api/organization/rounds': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s rounds`,
      request: get('/api/organization/rounds', { openingId: r.booked.openingId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/rounds/id': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s round`,
      request: get('/api/organization/rounds/id', { roundId: r.booked.roundId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'PUT /api/organization/rounds': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s round settings`,
      request: put('/api/organization/rounds', {
        openingId: r.open.openingId,
        stageId: r.open.roundId,
        kind: 'interview',
        mode: 'online',
        durationMinutes: 30,
        meetingLink: 'https://meet.example/suite',
        bookingOpensAt: new Date(Date.now() - HOUR).toISOString(),
        bookingClosesAt: new Date(Date.now() + 300 * 24 * HOUR).toISOString(),
        rescheduleCutoffHours: 1,
        assignment: 'self',
        criteria: ['Depth'],
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/rounds/panels': {
    access: 'owned',
    targets: perOrganization((r, who) => {
      const name = `Panel ${Math.random().toString(36).slice(2, 8)}`;
      return {
        label: `${who}'s round (a new panel)`,
        request: post('/api/organization/rounds/panels', {
          roundId: r.open.roundId,
          name,
          panelists: [{ email: 'panel@company.example', name: 'Panelist' }],
        }),
        alsoAllowed: team(who, 'coordA'),
        // Whoever was allowed before made this panel: remove it, so the next attempt may make it again.
        prepare: async (world) => {
          await world.server.db
            .delete(roundPanels)
            .where(and(eq(roundPanels.roundId, r.open.roundId), eq(roundPanels.name, name)));
        },
      };
    }),
  },
  'POST /api/organization/rounds/slots': {
    access: 'owned',
    targets: perOrganization((r, who) => {
      // An hour of its own, far ahead; a slot an allowed caller made there is removed before the next attempt.
      const startsAt = new Date(Date.now() + (400 * 24 + Math.floor(Math.random() * 10_000)) * HOUR);
      startsAt.setUTCMinutes(0, 0, 0);
      return {
        label: `${who}'s round (a new slot)`,
        request: post('/api/organization/rounds/slots', {
          roundId: r.open.roundId,
          panelId: r.open.panelId,
          startsAt: startsAt.toISOString(),
          timeZone: 'Asia/Kolkata',
          capacity: 1,
        }),
        alsoAllowed: team(who, 'coordA'),
        prepare: async (world) => {
          await world.server.db
            .delete(roundSlots)
            .where(and(eq(roundSlots.panelId, r.open.panelId), eq(roundSlots.startsAt, startsAt)));
        },
      };
    }),
  },
  'POST /api/organization/rounds/slots/generate': {
    access: 'owned',
    targets: perOrganization((r, who) => {
      const day = new Date(Date.now() + (1000 + Math.floor(Math.random() * 5000)) * 24 * HOUR);
      const date = day.toISOString().slice(0, 10);
      return {
        label: `${who}'s round (a generated day)`,
        request: post('/api/organization/rounds/slots/generate', {
          roundId: r.open.roundId,
          panelIds: [r.open.panelId],
          date,
          timeZone: 'Asia/Kolkata',
          from: '09:00',
          to: '11:00',
          capacity: 1,
          breaks: [{ from: '10:00', to: '10:30' }],
        }),
        alsoAllowed: team(who, 'coordA'),
        // The day an allowed caller generated is removed before the next attempt generates it again.
        prepare: async (world) => {
          const start = new Date(`${date}T00:00:00Z`);
          await world.server.db
            .delete(roundSlots)
            .where(
              and(
                eq(roundSlots.panelId, r.open.panelId),
                gte(roundSlots.startsAt, new Date(start.getTime() - 24 * HOUR)),
                lt(roundSlots.startsAt, new Date(start.getTime() + 48 * HOUR)),
              ),
            );
        },
      };
    }),
  },
  'POST /api/organization/rounds/allot': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s booked round (allotment)`,
      request: post('/api/organization/rounds/allot', { roundId: r.booked.roundId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/rounds/day': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s round day`,
      request: get('/api/organization/rounds/day', { roundId: r.booked.roundId, date: r.day, timeZone: 'UTC' }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/rounds/remind': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s round (reminders)`,
      request: post('/api/organization/rounds/remind', { roundId: r.open.roundId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/rounds/attendance': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s booking (attendance)`,
      request: post('/api/organization/rounds/attendance', { bookingId: r.booked.bookingId, attendance: 'present' }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreBooking(w, who),
    })),
  },
  'POST /api/organization/rounds/bookings/move': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s booking (moved by the organization)`,
      request: post('/api/organization/rounds/bookings/move', {
        bookingId: r.booked.bookingId,
        slotId: r.booked.slotIds[3],
      }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (w) => restoreBooking(w, who),
    })),
  },
  'POST /api/organization/rounds/moves': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s round (bulk move by scorecard)`,
      request: post('/api/organization/rounds/moves', {
        roundId: r.open.roundId,
        toStageId: r.open.nextStageId,
        recommendations: ['strongYes'],
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/rounds/scorecards': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s scorecards on a candidate`,
      request: get('/api/organization/rounds/scorecards', {
        roundId: r.booked.roundId,
        applicationId: r.booked.applicationId,
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'PUT /api/organization/rounds/scorecards': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s scorecard (a panelist's)`,
      request: put('/api/organization/rounds/scorecards', {
        roundId: r.booked.roundId,
        applicationId: r.booked.applicationId,
        ratings: Object.fromEntries(r.booked.criterionIds.map((id) => [id, 4])),
        recommendation: 'yes',
        notes: 'Suite notes',
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/rounds/panel-links': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s outside interviewer (a new link)`,
      request: post('/api/organization/rounds/panel-links', { panelistId: r.open.outsidePanelistId, expiresInDays: 3 }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/rounds/panel-links': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s interviewer links`,
      request: get('/api/organization/rounds/panel-links', { roundId: r.booked.roundId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'DELETE /api/organization/rounds/panel-links': {
    access: 'owned',
    targets: perOrganization((r, who) => ({
      label: `${who}'s interviewer link (revoked)`,
      request: del('/api/organization/rounds/panel-links', { linkId: r.booked.linkId }),
      alsoAllowed: team(who, 'coordA'),
      // Revoking keeps the link (the record); its token works again for the public rows after each attempt.
      prepare: async (w) => {
        await w.server.db
          .update(roundPanelLinks)
          .set({ revokedAt: null })
          .where(eq(roundPanelLinks.id, r.booked.linkId));
      },
    })),
    destructive: true,
  },
  'GET /api/rounds/panel': {
    access: 'public',
    why: 'an outside interviewer has no account; the personal link’s token decides what they see',
    targets: async (world): Promise<Target[]> => {
      const rounds = await roundsWorld(world);
      return ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s interviewer link`,
        request: get('/api/rounds/panel', { link: rounds[who].booked.linkToken }),
        alsoAllowed: 'everyone' as const,
      }));
    },
  },
  'PUT /api/rounds/panel/scorecards': {
    access: 'public',
    why: 'an outside interviewer scores the candidates of their slots through their link; the token is the credential',
    targets: async (world): Promise<Target[]> => {
      const rounds = await roundsWorld(world);
      return ORGANIZATIONS.map((who) => ({
        owner: who,
        label: `${who}'s interviewer link (a scorecard)`,
        request: put('/api/rounds/panel/scorecards', {
          link: rounds[who].booked.linkToken,
          applicationId: rounds[who].booked.applicationId,
          ratings: Object.fromEntries(rounds[who].booked.criterionIds.map((id) => [id, 3])),
          recommendation: 'yes',
          notes: '',
        }),
        alsoAllowed: 'everyone' as const,
      }));
    },
  },
  'GET /api/rounds/mine': {
    access: 'self',
    request: () => get('/api/rounds/mine'),
  },
  'POST /api/rounds/bookings': {
    access: 'owned',
    targets: perCandidate((r) => ({
      label: 'a round the individual is in (booking)',
      request: post('/api/rounds/bookings', { roundId: r.open.roundId, slotId: r.open.slotIds[0] }),
    })),
    destructive: true,
  },
  'PATCH /api/rounds/bookings': {
    access: 'owned',
    targets: perCandidate((r, who) => ({
      label: 'the individual’s booking (rescheduled)',
      request: patch('/api/rounds/bookings', { bookingId: r.booked.bookingId, slotId: r.booked.slotIds[2] }),
      prepare: (w) => restoreBooking(w, who),
    })),
  },
  'DELETE /api/rounds/bookings': {
    access: 'owned',
    destructive: true,
    targets: perCandidate((r, who) => ({
      label: 'the individual’s booking (cancelled)',
      request: del('/api/rounds/bookings', { bookingId: r.booked.bookingId }),
      prepare: (w) => restoreBooking(w, who),
    })),
  },
  'POST /api/rounds/change-requests': {
    access: 'owned',
    targets: perCandidate((r, who) => ({
      label: 'the individual’s booking (a change request)',
      request: post('/api/rounds/change-requests', { bookingId: r.booked.bookingId, reason: 'Exam that day' }),
      prepare: (w) => restoreBooking(w, who),
    })),
  },
};
