import { ORGANIZATION_HEADER, type Round } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, roundBookings, roundPanelLinkViews } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedOrganizationMember, seedStudent } from '../../seed/helpers';
import { countAbsences } from '../../services/rounds/absences';
import { calendarInvitation } from '../../services/rounds/calendar';
import { sendRoundReminder } from '../../services/rounds/reminders';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/rounds';
const HOUR = 3_600_000;
/** A date some days ahead (UTC), for slots in the future. */
const dayAhead = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

/** An organization with a coordinator and a reviewer (panelists), an opening, a round stage holding `n` candidates. */
async function setup(n = 4, options: { assignment?: 'self' | 'allot'; cutoffHours?: number } = {}) {
  const org = await seedOrganization(server.db, { name: `Org ${Math.random()}` });
  const coordinator = await seedStudent(server.db, { name: 'Coordinator' });
  const panelist = await seedStudent(server.db, { name: 'Panelist Two' });
  const stranger = await seedOrganization(server.db, { name: 'Stranger' });
  await seedOrganizationMember(server.db, {
    organizationId: org.id,
    userId: coordinator.id,
    role: 'coordinator',
  });
  await seedOrganizationMember(server.db, {
    organizationId: org.id,
    userId: panelist.id,
    role: 'reviewer',
  });
  const students = [];
  for (let i = 0; i < n; i++) students.push(await seedStudent(server.db, { name: `Candidate ${i}` }));
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}` },
    applicants: students.map((s, i) => ({
      userId: s.id,
      answers: { name: `Answer ${i}`, email: `c${i}@example.com` },
    })),
  });
  const tokens: Record<string, string | undefined> = {
    anon: undefined,
    owner: await server.tokenFor(org.id),
    coordinator: await server.tokenFor(coordinator.id),
    panelist: await server.tokenFor(panelist.id),
    stranger: await server.tokenFor(stranger.id),
  };
  for (const [i, s] of students.entries()) tokens[`c${i}`] = await server.tokenFor(s.id);
  const as = (who: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...init,
      token: tokens[who],
      headers: who === 'coordinator' || who === 'panelist' ? { [ORGANIZATION_HEADER]: String(org.id) } : {},
    });
  const stage = await as('owner', '/api/organization/shortlisting/stages', {
    body: { openingId: opening.id, name: 'Technical interview' },
  });
  expect(stage.status).toBe(200);
  const stageId = stage.body.result.data.stages.find((s: { name: string }) => s.name === 'Technical interview').id;
  const next = await as('owner', '/api/organization/shortlisting/stages', {
    body: { openingId: opening.id, name: 'HR round', afterStageId: stageId },
  });
  const nextStageId = next.body.result.data.stages.find((s: { name: string }) => s.name === 'HR round').id;
  if (applications.length > 0) {
    const moved = await as('owner', '/api/organization/shortlisting/moves', {
      body: { openingId: opening.id, toStageId: stageId, applicationIds: applications.map((a) => a.id) },
    });
    expect(moved.status).toBe(200);
  }
  const settings = {
    openingId: opening.id,
    stageId,
    kind: 'interview',
    mode: 'onCampus',
    durationMinutes: 30,
    venue: 'Block A, room 101',
    bookingOpensAt: new Date(Date.now() - HOUR).toISOString(),
    bookingClosesAt: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
    rescheduleCutoffHours: options.cutoffHours ?? 24,
    assignment: options.assignment ?? 'self',
    criteria: ['Problem solving', 'Communication'],
  };
  const saved = await as('coordinator', base, { method: 'PUT', body: settings });
  expect(saved.status).toBe(200);
  const withPanel = await as('owner', `${base}/panels`, {
    body: {
      roundId: stageId,
      name: 'Panel 1',
      panelists: [
        { email: coordinator.email.toLowerCase(), name: 'Coordinator' },
        { email: panelist.email.toLowerCase(), name: 'Panelist Two' },
        { email: 'engineer@company.example', name: 'Outside Engineer' },
      ],
    },
  });
  expect(withPanel.status).toBe(200);
  const round: Round = withPanel.body.result.data;
  return { org, opening, applications, students, as, stageId, nextStageId, round, settings, tokens };
}

async function addPanel(as: Awaited<ReturnType<typeof setup>>['as'], roundId: string, name: string) {
  const res = await as('owner', `${base}/panels`, {
    body: { roundId, name, panelists: [{ email: `${name.replace(/\s/g, '').toLowerCase()}@panel.example`, name }] },
  });
  expect(res.status).toBe(200);
  return res.body.result.data.panels.find((p: { name: string }) => p.name === name).id as string;
}

async function addSlot(
  as: Awaited<ReturnType<typeof setup>>['as'],
  roundId: string,
  panelId: string,
  startsAt: Date,
  capacity = 1,
) {
  const res = await as('owner', `${base}/slots`, {
    body: { roundId, panelId, startsAt: startsAt.toISOString(), timeZone: 'Asia/Kolkata', capacity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.data.id as string;
}

/** The latest mail's .ics for an address, delivered through the real outbox. */
async function calendarsFor(userId: number) {
  await server.ctx.notificationQueue.relay();
  const rows = await server.db
    .select({ delivery: notificationDeliveries, n: notifications })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.recipientId, userId));
  for (const row of rows) await server.ctx.notificationQueue.deliver(row.delivery.id);
  return rows.map((row) => row.n);
}

describe('rounds', () => {
  it('sets up a round, generates a day of slots on panels with lunch, and refuses bad slots', async () => {
    const { as, round } = await setup(1);
    const panels = [
      round.panels[0]?.id ?? '',
      await addPanel(as, round.id, 'Panel 2'),
      await addPanel(as, round.id, 'Panel 3'),
    ];
    const date = dayAhead(3);
    const generated = await as('owner', `${base}/slots/generate`, {
      body: {
        roundId: round.id,
        panelIds: panels,
        date,
        timeZone: 'Asia/Kolkata',
        from: '09:00',
        to: '17:00',
        capacity: 1,
        breaks: [{ from: '13:00', to: '14:00' }],
      },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    // 8 hours of 30 minutes less the lunch hour: 14 per panel.
    expect(generated.body.result.data.count).toBe(42);
    const day = await as('coordinator', `${base}/day?roundId=${round.id}&date=${date}&timeZone=Asia/Kolkata`);
    expect(day.status).toBe(200);
    expect(day.body.result.data.slots).toHaveLength(42);
    // 09:00 in Kolkata is 03:30 UTC.
    expect(day.body.result.data.slots[0].startsAt).toBe(`${date}T03:30:00.000Z`);
    expect(day.body.result.data.slots.some((s: { startsAt: string }) => s.startsAt === `${date}T07:30:00.000Z`)).toBe(
      false,
    );

    // Generating the same day again overlaps every slot.
    const again = await as('owner', `${base}/slots/generate`, {
      body: {
        roundId: round.id,
        panelIds: [panels[0]],
        date,
        timeZone: 'Asia/Kolkata',
        from: '09:00',
        to: '10:00',
        capacity: 1,
        breaks: [],
      },
    });
    expect(again.status).toBe(400);
    expect(again.body.exception.error.message).toMatch(/from: Overlaps/);
    const bad = async (body: Record<string, unknown>, field: RegExp) => {
      const res = await as('owner', `${base}/slots`, {
        body: {
          roundId: round.id,
          panelId: panels[0],
          startsAt: new Date(Date.now() + 50 * 24 * HOUR).toISOString(),
          timeZone: 'Asia/Kolkata',
          capacity: 1,
          ...body,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.exception.error.message).toMatch(field);
    };
    await bad({ startsAt: new Date(Date.now() - HOUR).toISOString() }, /startsAt: Must be in the future/);
    await bad({ capacity: 0 }, /capacity/);
    await bad({ timeZone: 'Mars/Olympus_Mons' }, /timeZone/);
    await bad({ startsAt: `${date}T03:45:00.000Z` }, /startsAt: Overlaps/);
    // Only owners and coordinators set up rounds; another organization does not see this one.
    expect(
      (
        await as('panelist', `${base}/slots`, {
          body: {
            roundId: round.id,
            panelId: panels[0],
            startsAt: new Date(Date.now() + 60 * 24 * HOUR).toISOString(),
            timeZone: 'UTC',
            capacity: 1,
          },
        })
      ).status,
    ).toBe(403);
    expect((await as('stranger', `${base}/id?roundId=${round.id}`)).status).toBe(404);
    expect((await as('anon', `${base}/id?roundId=${round.id}`)).status).toBe(401);
  });

  it('gives the last seat to exactly one of two racing candidates', async () => {
    const { as, round } = await setup(6);
    const slotId = await addSlot(as, round.id, round.panels[0]?.id ?? '', new Date(Date.now() + 3 * 24 * HOUR), 2);
    expect((await as('c0', '/api/rounds/bookings', { body: { roundId: round.id, slotId } })).status).toBe(200);
    const racers = await Promise.all(
      ['c1', 'c2', 'c3', 'c4', 'c5'].map((who) =>
        as(who, '/api/rounds/bookings', { body: { roundId: round.id, slotId } }),
      ),
    );
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = racers.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409)).toBe(true);
    expect(refused[0]?.body.exception.error.message).toBe(
      'Sorry, this slot was just taken. Please choose another one.',
    );
    const live = await server.db
      .select()
      .from(roundBookings)
      .where(and(eq(roundBookings.slotId, slotId), eq(roundBookings.status, 'booked')));
    expect(live).toHaveLength(2);
  });

  it('books, reschedules and cancels with one stable calendar UID, SEQUENCE and CANCEL; respects the cut-off', async () => {
    const { as, round, students } = await setup(2, { cutoffHours: 24 });
    const panelId = round.panels[0]?.id ?? '';
    const first = await addSlot(as, round.id, panelId, new Date(Date.now() + 3 * 24 * HOUR));
    const second = await addSlot(as, round.id, panelId, new Date(Date.now() + 3 * 24 * HOUR + HOUR));
    const soon = await addSlot(as, round.id, panelId, new Date(Date.now() + 2 * HOUR));

    const booked = await as('c0', '/api/rounds/bookings', { body: { roundId: round.id, slotId: first } });
    expect(booked.status).toBe(200);
    const bookingId = booked.body.result.data.id;
    // Someone else's booking does not exist for another candidate.
    expect((await as('c1', `/api/rounds/bookings?bookingId=${bookingId}`, { method: 'DELETE' })).status).toBe(404);
    const moved = await as('c0', '/api/rounds/bookings', { method: 'PATCH', body: { bookingId, slotId: second } });
    expect(moved.status).toBe(200);
    expect(moved.body.result.data.sequence).toBe(1);

    const candidateId = students[0]?.id ?? 0;
    const sent = await calendarsFor(candidateId);
    expect(
      sent
        .map((n) => n.kind)
        .filter((kind) => kind.startsWith('interview.'))
        .sort(),
    ).toEqual(['interview.booked', 'interview.changed']);
    const mail = server.ctx.mailer.latest?.(students[0]?.email ?? '');
    expect(mail?.attachments).toHaveLength(1);
    const parse = (text: string) => {
      const component = new ICAL.Component(ICAL.parse(text));
      const event = component.getFirstSubcomponent('vevent');
      if (!event) throw new Error('no VEVENT in the .ics');
      return {
        method: component.getFirstPropertyValue('method'),
        uid: event.getFirstPropertyValue('uid'),
        sequence: event.getFirstPropertyValue('sequence'),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      };
    };
    const changed = parse(mail?.attachments[0]?.content ?? '');
    expect(changed).toMatchObject({ method: 'REQUEST', uid: `${bookingId}@rounds.placely`, sequence: 1 });
    // iCalendar times are whole seconds.
    const startsAt = Date.parse(moved.body.result.data.slot.startsAt);
    expect(changed.start).toBe(new Date(startsAt - (startsAt % 1000)).toISOString());
    const bookedNotification = sent.find((n) => n.kind === 'interview.booked');
    const original = parse(
      calendarInvitation(bookedNotification?.payload ?? {}, { name: 'x', email: 'x@y.z' }, 'http://x'),
    );
    expect(original.uid).toBe(changed.uid);
    expect(original.sequence).toBe(0);

    const cancelled = await as('c0', `/api/rounds/bookings?bookingId=${bookingId}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    await calendarsFor(candidateId);
    const cancelMail = parse(server.ctx.mailer.latest?.(students[0]?.email ?? '')?.attachments[0]?.content ?? '');
    expect(cancelMail).toMatchObject({ method: 'CANCEL', uid: changed.uid, sequence: 2 });

    // Within the cut-off a booking can no longer be changed.
    const late = await as('c1', '/api/rounds/bookings', { body: { roundId: round.id, slotId: soon } });
    expect(late.status).toBe(200);
    const refused = await as('c1', '/api/rounds/bookings', {
      method: 'PATCH',
      body: { bookingId: late.body.result.data.id, slotId: first },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.exception.error.message).toBe('Bookings can no longer be changed within 24 hours of the slot.');
    // The panel heard too: the outside interviewer by address.
    const outside = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientEmail, 'engineer@company.example'), eq(notifications.kind, 'interview.booked')),
      );
    expect(outside.length).toBeGreaterThan(0);
  });

  it('schedules reminders a day and an hour before, and a reminder is sent once', async () => {
    const { as, round, students } = await setup(1);
    const slotId = await addSlot(as, round.id, round.panels[0]?.id ?? '', new Date(Date.now() + 3 * 24 * HOUR));
    const booked = await as('c0', '/api/rounds/bookings', { body: { roundId: round.id, slotId } });
    const bookingId = booked.body.result.data.id;
    const jobs = (await server.db.execute(
      sql`select data, start_after from pgboss.job where name = 'round-reminder' and data->>'bookingId' = ${bookingId}`,
    )) as unknown as { rows: Array<{ data: { which: string }; start_after: string }> };
    expect(jobs.rows.map((row) => row.data.which).sort()).toEqual(['dayBefore', 'hourBefore']);
    const job = { bookingId, sequence: 0, which: 'dayBefore' as const };
    expect(await sendRoundReminder(server.db, job)).toBe(true);
    await sendRoundReminder(server.db, job);
    const reminders = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, students[0]?.id ?? 0), eq(notifications.kind, 'interview.reminder')));
    expect(reminders).toHaveLength(1);
    // A job for an older SEQUENCE (the booking moved since) does nothing.
    expect(await sendRoundReminder(server.db, { ...job, sequence: 5 })).toBe(false);
  });

  it('allots evenly across panels without double-booking a candidate against another organization’s round', async () => {
    const a = await setup(4, { assignment: 'allot' });
    const b = await setup(0);
    // Candidate 0 of A also applied to B's opening and booked B's round at 10:00.
    const [other] = (
      await seedOpeningWithApplicants(server.db, {
        organizationId: b.org.id,
        opening: { title: b.opening.title },
        applicants: [{ userId: a.students[0]?.id ?? 0, answers: { name: 'A0', email: 'a0@example.com' } }],
      })
    ).applications;
    await b.as('owner', '/api/organization/shortlisting/moves', {
      body: { openingId: b.opening.id, toStageId: b.stageId, applicationIds: [other?.id] },
    });
    const ten = new Date(`${dayAhead(4)}T10:00:00.000Z`);
    const bSlot = await addSlot(b.as, b.round.id, b.round.panels[0]?.id ?? '', ten);
    const bBooking = await server.call('/api/rounds/bookings', {
      token: a.tokens.c0,
      body: { roundId: b.round.id, slotId: bSlot },
    });
    expect(bBooking.status, JSON.stringify(bBooking.body)).toBe(200);

    const p1 = a.round.panels[0]?.id ?? '';
    const p2 = await addPanel(a.as, a.round.id, 'Panel 2');
    for (const panel of [p1, p2]) {
      await addSlot(a.as, a.round.id, panel, ten);
      await addSlot(a.as, a.round.id, panel, new Date(ten.getTime() + HOUR));
    }
    const allotted = await a.as('coordinator', `${base}/allot`, { body: { roundId: a.round.id } });
    expect(allotted.status, JSON.stringify(allotted.body)).toBe(200);
    expect(allotted.body.result.data).toEqual({ count: 4, left: 0 });
    const rows = await server.db
      .select()
      .from(roundBookings)
      .where(and(eq(roundBookings.roundId, a.round.id), eq(roundBookings.status, 'booked')));
    const mine = rows.find((row) => row.candidateId === a.students[0]?.id);
    expect(mine?.startsAt.getTime()).toBe(ten.getTime() + HOUR);
    const perPanel = (await a.as('owner', `${base}/day?roundId=${a.round.id}&date=${dayAhead(4)}&timeZone=UTC`)).body
      .result.data;
    const counts = new Map<string, number>();
    for (const slot of perPanel.slots) counts.set(slot.panelId, (counts.get(slot.panelId) ?? 0) + slot.bookings.length);
    expect([...counts.values()]).toEqual([2, 2]);
    // Self-booking is refused on an allotted round; a change request goes to the day view's waiting list.
    const req = await a.as('c1', '/api/rounds/change-requests', {
      body: { bookingId: rows.find((r) => r.candidateId === a.students[1]?.id)?.id, reason: 'Exam clash' },
    });
    expect(req.status).toBe(200);
    const day = await a.as('owner', `${base}/day?roundId=${a.round.id}&date=${dayAhead(4)}&timeZone=UTC`);
    expect(day.body.result.data.waiting.map((w: { reason: string }) => w.reason)).toEqual(['Exam clash']);
  });

  it('marks attendance, keeps scorecards blind until submitted, moves the yeses on, counts absences', async () => {
    const { as, round, applications, students, nextStageId, opening } = await setup(3);
    const panelId = round.panels[0]?.id ?? '';
    const slots = [];
    for (let i = 0; i < 3; i++)
      slots.push(await addSlot(as, round.id, panelId, new Date(Date.now() + (3 * 24 + i) * HOUR)));
    const bookingIds = [];
    for (let i = 0; i < 3; i++) {
      const res = await as(`c${i}`, '/api/rounds/bookings', { body: { roundId: round.id, slotId: slots[i] } });
      bookingIds.push(res.body.result.data.id);
    }
    expect(
      (await as('panelist', `${base}/attendance`, { body: { bookingId: bookingIds[0], attendance: 'present' } }))
        .status,
    ).toBe(200);
    expect(
      (await as('panelist', `${base}/attendance`, { body: { bookingId: bookingIds[2], attendance: 'absent' } })).status,
    ).toBe(200);
    expect(
      (await as('stranger', `${base}/attendance`, { body: { bookingId: bookingIds[2], attendance: 'present' } }))
        .status,
    ).toBe(404);
    expect(await countAbsences(server.db, { userId: students[2]?.id ?? 0, since: new Date(Date.now() - HOUR) })).toBe(
      1,
    );

    const [c1, c2] = round.criteria;
    const card = (applicationId: string | undefined, recommendation: string) => ({
      roundId: round.id,
      applicationId,
      ratings: { [c1?.id ?? '']: 4, [c2?.id ?? '']: 5 },
      recommendation,
      notes: 'Clear thinking',
    });
    expect(
      (await as('coordinator', `${base}/scorecards`, { method: 'PUT', body: card(applications[0]?.id, 'strongYes') }))
        .status,
    ).toBe(200);
    // The other panelist sees nothing of it until they submit their own.
    const before = await as('panelist', `${base}/scorecards?roundId=${round.id}&applicationId=${applications[0]?.id}`);
    expect(before.body.result.data).toMatchObject({ mine: null, others: [], hidden: true });
    const after = await as('panelist', `${base}/scorecards`, { method: 'PUT', body: card(applications[0]?.id, 'yes') });
    expect(after.body.result.data.others).toHaveLength(1);
    expect(after.body.result.data.hidden).toBe(false);
    await as('panelist', `${base}/scorecards`, { method: 'PUT', body: card(applications[1]?.id, 'no') });
    const missing = await as('panelist', `${base}/scorecards`, {
      method: 'PUT',
      body: { ...card(applications[1]?.id, 'no'), ratings: { [c1?.id ?? '']: 4 } },
    });
    expect(missing.status).toBe(400);
    // Not on the panel: no scorecard.
    expect(
      (await as('owner', `${base}/scorecards`, { method: 'PUT', body: card(applications[1]?.id, 'no') })).status,
    ).toBe(403);

    const move = await as('owner', `${base}/moves`, {
      body: { roundId: round.id, toStageId: nextStageId, recommendations: ['yes', 'strongYes'] },
    });
    expect(move.status).toBe(200);
    expect(move.body.result.data.moved).toBe(1);
    const history = await as(
      'owner',
      `/api/organization/shortlisting/history?openingId=${opening.id}&applicationId=${applications[0]?.id}`,
    );
    expect(history.body.result.data.items.at(-1).toStageName).toBe('HR round');
  });

  it('gives an outside interviewer a personal link to their slots only, records views, and honours revocation', async () => {
    const { as, round, applications } = await setup(2);
    const panelId = round.panels[0]?.id ?? '';
    const otherPanel = await addPanel(as, round.id, 'Panel 2');
    const slot = await addSlot(as, round.id, panelId, new Date(Date.now() + 3 * 24 * HOUR));
    const elsewhere = await addSlot(as, round.id, otherPanel, new Date(Date.now() + 3 * 24 * HOUR));
    await as('c0', '/api/rounds/bookings', { body: { roundId: round.id, slotId: slot } });
    await as('c1', '/api/rounds/bookings', { body: { roundId: round.id, slotId: elsewhere } });
    const outside = round.panels[0]?.panelists.find((p) => p.outside);
    const created = await as('coordinator', `${base}/panel-links`, {
      body: { panelistId: outside?.id, expiresInDays: 3 },
    });
    expect(created.status).toBe(200);
    const link = new URL(created.body.result.data.url).searchParams.get('link') ?? '';
    const view = await server.call(`/api/rounds/panel?link=${encodeURIComponent(link)}`);
    expect(view.status).toBe(200);
    expect(view.body.result.data.slots).toHaveLength(1);
    const candidates = view.body.result.data.slots[0].candidates;
    expect(candidates.map((c: { applicationId: string }) => c.applicationId)).toEqual([applications[0]?.id]);
    expect(JSON.stringify(view.body)).not.toContain('c0@example.com');
    const [c1, c2] = round.criteria;
    const scored = await server.call('/api/rounds/panel/scorecards', {
      method: 'PUT',
      body: {
        link,
        applicationId: applications[0]?.id,
        ratings: { [c1?.id ?? '']: 3, [c2?.id ?? '']: 4 },
        recommendation: 'yes',
        notes: '',
      },
    });
    expect(scored.status).toBe(200);
    expect(scored.body.result.data.slots[0].candidates[0].scorecard.recommendation).toBe('yes');
    const notMine = await server.call('/api/rounds/panel/scorecards', {
      method: 'PUT',
      body: {
        link,
        applicationId: applications[1]?.id,
        ratings: { [c1?.id ?? '']: 3, [c2?.id ?? '']: 4 },
        recommendation: 'yes',
        notes: '',
      },
    });
    expect(notMine.status).toBe(404);
    const views = await server.db
      .select()
      .from(roundPanelLinkViews)
      .where(eq(roundPanelLinkViews.linkId, created.body.result.data.id));
    expect(views).toHaveLength(1);
    expect(
      (await as('owner', `${base}/panel-links?linkId=${created.body.result.data.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await server.call(`/api/rounds/panel?link=${encodeURIComponent(link)}`)).status).toBe(410);
    expect((await server.call('/api/rounds/panel?link=nope')).status).toBe(404);
  });
});

describe('scorecards in the ranking recipe', () => {
  it('weighs a round’s scorecards, explains the term, hides it from a panelist until they submit, re-ranks', async () => {
    const { as, round, applications, opening } = await setup(3);
    const panelId = round.panels[0]?.id ?? '';
    const [c1, c2] = round.criteria;
    const card = (applicationId: string | undefined, a: number, b: number, recommendation: string) => ({
      roundId: round.id,
      applicationId,
      ratings: { [c1?.id ?? '']: a, [c2?.id ?? '']: b },
      recommendation,
      notes: '',
    });
    for (let i = 0; i < 3; i++) {
      const slot = await addSlot(as, round.id, panelId, new Date(Date.now() + (3 * 24 + i) * HOUR));
      await as(`c${i}`, '/api/rounds/bookings', { body: { roundId: round.id, slotId: slot } });
    }
    // The recipe state offers the opening's rounds; a round of another opening is a 400 naming the field.
    const state = await as('owner', `/api/organization/shortlisting/recipe?openingId=${opening.id}`);
    expect(state.body.result.data.rounds).toEqual([{ id: round.id, name: 'Technical interview' }]);
    const other = await setup(0);
    const wrong = await as('owner', '/api/organization/shortlisting/recipe', {
      method: 'PUT',
      body: {
        openingId: opening.id,
        recipe: { criteria: [{ kind: 'scorecard', roundId: other.round.id, weight: 1 }], knockouts: [] },
      },
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('recipe.criteria.0.roundId');
    const saved = await as('owner', '/api/organization/shortlisting/recipe', {
      method: 'PUT',
      body: {
        openingId: opening.id,
        recipe: { criteria: [{ kind: 'scorecard', roundId: round.id, weight: 1 }], knockouts: [] },
      },
    });
    expect(saved.status).toBe(200);

    // Candidate 1: (5 + 5 + strong yes 5) / 3 = 5 and (4 + 4 + yes 4) / 3 = 4 → 4.5; candidate 0: (2 + 2 + no 2) / 3 = 2.
    expect(
      (
        await as('coordinator', `${base}/scorecards`, {
          method: 'PUT',
          body: card(applications[1]?.id, 5, 5, 'strongYes'),
        })
      ).status,
    ).toBe(200);
    expect(
      (await as('panelist', `${base}/scorecards`, { method: 'PUT', body: card(applications[1]?.id, 4, 4, 'yes') }))
        .status,
    ).toBe(200);
    expect(
      (await as('coordinator', `${base}/scorecards`, { method: 'PUT', body: card(applications[0]?.id, 2, 2, 'no') }))
        .status,
    ).toBe(200);

    const ranking = async (who: string) =>
      (await as(who, `/api/organization/shortlisting/candidate/ranking?openingId=${opening.id}`)).body.result.data;
    const owner = await ranking('owner');
    const names = owner.items.map((item: { applicationId: string }) => item.applicationId);
    expect(names.slice(0, 2)).toEqual([applications[1]?.id, applications[0]?.id]);
    const top = owner.items[0];
    expect(top.explanation[0]).toMatchObject({
      kind: 'scorecard',
      label: 'Technical interview scorecards',
      raw: '4.5 of 5',
      normalised: 0.875,
      contribution: 87.5,
    });
    expect(top.why).toContain('Technical interview scorecards 4.5 of 5');
    expect(top.score).toBe(87.5);
    // The panelist has not scored candidate 0: that term (and the score summing it) is hidden from them.
    const panelist = await ranking('panelist');
    const zero = panelist.items.find((item: { applicationId: string }) => item.applicationId === applications[0]?.id);
    expect(zero.explanation[0]).toMatchObject({ raw: null, contribution: null });
    expect(zero.score).toBeNull();
    const one = panelist.items.find((item: { applicationId: string }) => item.applicationId === applications[1]?.id);
    expect(one.explanation[0].raw).toBe('4.5 of 5');
    // A new scorecard re-ranks: candidate 2 gets two strong yeses.
    await as('coordinator', `${base}/scorecards`, {
      method: 'PUT',
      body: card(applications[2]?.id, 5, 5, 'strongYes'),
    });
    await as('panelist', `${base}/scorecards`, { method: 'PUT', body: card(applications[2]?.id, 5, 5, 'strongYes') });
    const after = await ranking('owner');
    expect(after.items[0].applicationId).toBe(applications[2]?.id);
    expect(after.items[0].score).toBe(100);
  });
});
