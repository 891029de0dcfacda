import { NOTIFICATION_KIND_GROUPS, NOTIFICATION_KINDS, type Stage } from '@placely/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, stageBulkMoves } from '../../db/schema';
import {
  seedEmail,
  seedGroup,
  seedOpeningInput,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
  seedVerificationGroup,
} from '../../seed/helpers';
import { notificationWriteCtes } from '../../services/notifications';
import { writeDailyDigests } from '../../services/notifications/digest';
import { createUnreadPublisher, createUnreadSignals } from '../../services/notifications/live';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Every event of issue #15 beyond the core: each kind is written once by its cause (a repeat of the cause writes
 * nothing new), preferences decide it, and nobody reads another person's notification.
 */
const ADMIN_EMAIL = seedEmail('verification-admin');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    verificationAdminEmails: [ADMIN_EMAIL],
    notificationQueue: { relayIntervalMs: 100, retryLimit: 3, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
  });
});
afterAll(() => server?.close());

const rowsOf = (userId: number, kind?: string) =>
  server.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), kind ? eq(notifications.kind, kind as never) : undefined));

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function student(name: string) {
  const user = await seedStudent(server.db, { name });
  return { user, token: await server.tokenFor(user.id) };
}

const answers = { name: 'Asha Verma', email: 'asha@example.com', why: 'I like APIs.' };

async function apply(token: string, openingId: string) {
  const applied = await server.call('/api/placements/campus/apply', {
    token,
    body: { openingId, idempotencyKey: `key-${crypto.randomUUID()}`, answers },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return applied.body.result.data as { id: string };
}

it('the preferences screen shows every kind in exactly one group', () => {
  const grouped = NOTIFICATION_KIND_GROUPS.flatMap((group) => group.kinds);
  expect([...grouped].sort()).toEqual([...NOTIFICATION_KINDS].sort());
});

describe('stage changes', () => {
  it('bulk moves tell each candidate once, by the candidate label; rejections only when released', async () => {
    const org = await seedOrganization(server.db, { name: 'Pipeline Co' });
    const orgToken = await server.tokenFor(org.id);
    const people = [await student('Cand One'), await student('Cand Two'), await student('Cand Three')];
    const { opening, applications } = await seedOpeningWithApplicants(server.db, {
      organizationId: org.id,
      opening: { title: 'Pipeline opening' },
      applicants: people.map((p) => ({ userId: p.user.id, answers: { name: 'A', email: 'a@example.com' } })),
    });
    const base = '/api/organization/shortlisting';
    const stages: Stage[] = (await server.call(`${base}/stages?openingId=${opening.id}`, { token: orgToken })).body
      .result.data.stages;
    const stage = (name: string) => stages.find((s) => s.name === name)!;
    const move = async (toStageId: string, body: Record<string, unknown>) => {
      const moved = await server.call(`${base}/moves`, {
        token: orgToken,
        body: { openingId: opening.id, toStageId, ...body },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      return moved.body.result.data as { moved: number };
    };

    // A bulk move by filter: every candidate hears "Under review" once; repeating it moves (and says) nothing.
    expect((await move(stage('Shortlisted').id, { filter: {} })).moved).toBe(3);
    expect((await move(stage('Shortlisted').id, { filter: {} })).moved).toBe(0);
    for (const p of people) {
      const rows = await rowsOf(p.user.id, 'application.stageChanged');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ link: `/forms/${opening.id}`, payload: { stageLabel: 'Under review' } });
    }
    const list = await server.call('/api/notifications', { token: people[0]!.token });
    expect(list.body.result.data.items[0]).toMatchObject({
      title: 'Application update',
      body: 'Your application to "Pipeline opening" at Pipeline Co is now: Under review.',
    });

    // Rejected while unreleased: nothing yet. Released: told once; released again: nothing more.
    const [first, second] = applications;
    await move(stage('Rejected').id, { applicationIds: [first!.id] });
    expect(await rowsOf(people[0]!.user.id, 'application.stageChanged')).toHaveLength(1);
    // Undoing that unreleased rejection puts them back where they still see themselves: nothing to say.
    const latest = await server.db
      .select({ id: stageBulkMoves.id })
      .from(stageBulkMoves)
      .where(eq(stageBulkMoves.openingId, opening.id))
      .orderBy(desc(stageBulkMoves.createdAt))
      .limit(1);
    const undone = await server.call(`${base}/moves/undo`, {
      token: orgToken,
      body: { openingId: opening.id, bulkMoveId: latest[0]!.id },
    });
    expect(undone.body.result.data).toEqual({ restored: 1 });
    expect(await rowsOf(people[0]!.user.id, 'application.stageChanged')).toHaveLength(1);
    await move(stage('Rejected').id, { applicationIds: [first!.id] });
    expect(await rowsOf(people[0]!.user.id, 'application.stageChanged')).toHaveLength(1);
    const release = (rejectionsReleased: boolean) =>
      server.call(`${base}/settings`, {
        method: 'PATCH',
        token: orgToken,
        body: { openingId: opening.id, rejectionsReleased },
      });
    expect((await release(true)).status).toBe(200);
    await release(false);
    await release(true);
    const told = await rowsOf(people[0]!.user.id, 'application.stageChanged');
    expect(told.map((row) => row.payload.stageLabel).sort()).toEqual(['Not selected', 'Under review']);
    // Released now: a rejection is told at once.
    await move(stage('Rejected').id, { applicationIds: [second!.id] });
    expect((await rowsOf(people[1]!.user.id, 'application.stageChanged')).map((r) => r.payload.stageLabel)).toContain(
      'Not selected',
    );
    // The organization is told nothing of its own moves.
    expect(await rowsOf(org.id, 'application.stageChanged')).toEqual([]);
  });
});

describe("the candidate's own application and the opening after they applied", () => {
  it('edited, deadline extended, form changed, closed early: each once, to applicants only', async () => {
    const org = await seedOrganization(server.db, { name: 'Edit Co' });
    const orgToken = await server.tokenFor(org.id);
    const input = seedOpeningInput({ title: 'Changing opening' });
    const created = await server.call('/api/organization/openings', { token: orgToken, body: input });
    const opening = created.body.result.data as { id: string };
    const asha = await student('Asha Verma');
    const bystander = await student('Not Applied');
    const application = await apply(asha.token, opening.id);

    const edited = await server.call('/api/placements/campus/apply', {
      method: 'PUT',
      token: asha.token,
      body: { applicationId: application.id, answers: { ...answers, why: 'Still APIs.' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await rowsOf(asha.user.id, 'application.edited')).toHaveLength(1);

    const save = async (changes: Partial<typeof input>) => {
      const saved = await server.call('/api/organization/openings/id', {
        method: 'PUT',
        token: orgToken,
        body: { id: opening.id, opening: { ...input, ...changes } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString();
    await save({ deadline: later });
    await save({ deadline: later }); // the same deadline again: not an extension
    const extended = await rowsOf(asha.user.id, 'opening.deadlineExtended');
    expect(extended).toHaveLength(1);
    expect(extended[0]!.payload.deadline).toBe(later.slice(0, 10));

    const form = structuredClone(input.form!);
    form.sections[0]!.fields.push({ id: 'github', type: 'url', label: 'GitHub', required: false });
    await save({ deadline: later, form });
    await save({ deadline: later, form }); // the same form again: no new version, nothing said
    expect(await rowsOf(asha.user.id, 'opening.formChanged')).toHaveLength(1);

    const closed = await server.call('/api/organization/openings/id/status', {
      token: orgToken,
      body: { id: opening.id, status: 'closed' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await server.call('/api/organization/openings/id/status', {
      token: orgToken,
      body: { id: opening.id, status: 'closed' },
    });
    expect(await rowsOf(asha.user.id, 'opening.closedEarly')).toHaveLength(1);
    expect(await rowsOf(bystander.user.id)).toEqual([]);
  });
});

describe('groups, verification and teams', () => {
  it('a record verified or rejected, with the note', async () => {
    const owner = await seedOrganization(server.db, { name: 'Cell Org' });
    const verifier = await student('Vera Verifier');
    const member = await student('Maya Member');
    const group = await seedVerificationGroup(server.db, {
      ownerId: owner.id,
      name: 'Placement cell',
      roles: [{ email: verifier.user.email, role: 'verifier' }],
      members: [member.user.id],
    });
    const added = await server.call('/api/individual/education', {
      token: member.token,
      body: {
        institutionName: 'College of Engineering Pune',
        degree: 'B.Tech',
        fieldOfStudy: 'Computer Engineering',
        startMonth: '2022-08',
        endMonth: '2026-05',
        grade: 8.6,
        gradeScale: 'CGPA_10',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const entry = added.body.result.data.entries[0] as { id: string; updatedAt: string };
    const records = await server.call(`/api/verification/member/records?groupId=${group.id}&userId=${member.user.id}`, {
      token: verifier.token,
    });
    const version = records.body.result.data.records.find((r: { recordId: string }) => r.recordId === entry.id);
    const decided = await server.call('/api/verification/record', {
      token: verifier.token,
      body: {
        groupId: group.id,
        userId: member.user.id,
        recordKind: 'education',
        recordId: entry.id,
        recordUpdatedAt: version.updatedAt,
        decision: 'rejected',
        note: 'The grade sheet shows 7.9.',
      },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const rows = await rowsOf(member.user.id, 'record.rejected');
    expect(rows).toHaveLength(1);
    const list = await server.call('/api/notifications', { token: member.token });
    expect(list.body.result.data.items[0].body).toBe(
      'Placement cell could not verify your education record. Note: The grade sheet shows 7.9.',
    );
    expect(await rowsOf(verifier.user.id)).toEqual([]);
  });

  it("a new opening from a group they follow: once per opening, limited to the opening's groups", async () => {
    const org = await seedOrganization(server.db, { name: 'Follow Co' });
    const orgToken = await server.tokenFor(org.id);
    const club = await seedGroup(server.db, { ownerId: org.id, name: 'Hiring club' });
    const other = await seedGroup(server.db, { ownerId: org.id, name: 'Alumni' });
    const fan = await student('Fiona Fan');
    const alumnus = await student('Alan Alumnus');
    expect((await server.call('/api/group/follow', { token: fan.token, body: { groupId: club.id } })).status).toBe(200);
    await server.call('/api/group/follow', { token: alumnus.token, body: { groupId: other.id } });

    const draft = await server.call('/api/organization/openings', {
      token: orgToken,
      body: seedOpeningInput({ title: 'Club opening', status: 'draft' }),
    });
    const openingId = draft.body.result.data.id as string;
    expect(await rowsOf(fan.user.id)).toEqual([]);
    for (const status of ['open', 'closed', 'open'] as const) {
      await server.call('/api/organization/openings/id/status', { token: orgToken, body: { id: openingId, status } });
    }
    const rows = await rowsOf(fan.user.id, 'group.newOpening');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ link: `/forms/${openingId}`, payload: { groupName: 'Hiring club' } });
    expect(await rowsOf(alumnus.user.id, 'group.newOpening')).toHaveLength(1);

    // Limited to the club: the alumni group's follower is not told.
    const limited = await server.call('/api/organization/openings', {
      token: orgToken,
      body: seedOpeningInput({
        title: 'Club only',
        eligibility: { ...seedOpeningInput().eligibility, groupIds: [club.id] },
      }),
    });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(await rowsOf(fan.user.id, 'group.newOpening')).toHaveLength(2);
    expect(await rowsOf(alumnus.user.id, 'group.newOpening')).toHaveLength(1);
  });

  it('join requests waiting reach the managers; a new verification group reaches the platform admins', async () => {
    const org = await seedOrganization(server.db, { name: 'Request Co' });
    const club = await seedGroup(server.db, { ownerId: org.id, name: 'Request club' });
    const asha = await student('Asha Verma');
    for (let i = 0; i < 2; i++) {
      expect((await server.call('/api/group/join', { token: asha.token, body: { groupId: club.id } })).status).toBe(
        200,
      );
    }
    const waiting = await rowsOf(org.id, 'membership.requested');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ link: '/organization/grouprequests', payload: { requesterName: 'Asha Verma' } });

    const admin = await seedStudent(server.db, { email: ADMIN_EMAIL, name: 'Ada Admin' });
    const created = await server.call('/api/verification/group', {
      token: await server.tokenFor(org.id),
      body: { name: 'Request Co verification', description: null, institutionId: null, joinPolicy: 'request' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pending = await rowsOf(admin.id, 'verificationGroup.awaitingApproval');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.payload.groupName).toBe('Request Co verification');
    expect(await rowsOf(asha.user.id, 'verificationGroup.awaitingApproval')).toEqual([]);

    // Asking to join an approved verification group tells its owner and admins.
    const admins = await student('Group Admin');
    const vgroup = await seedVerificationGroup(server.db, {
      ownerId: org.id,
      name: 'Live cell',
      roles: [{ email: admins.user.email, role: 'admin' }],
    });
    expect(
      (await server.call('/api/verification/join', { token: asha.token, body: { groupId: vgroup.id } })).status,
    ).toBe(200);
    expect(await rowsOf(admins.user.id, 'membership.requested')).toHaveLength(1);
    expect((await rowsOf(org.id, 'membership.requested')).length).toBe(2);
  });

  it('a team invitation mails the invited address; the account made with it later sees it in the app', async () => {
    const org = await seedOrganization(server.db, { name: 'Team Co' });
    const orgToken = await server.tokenFor(org.id);
    const email = seedEmail(`invitee-${crypto.randomUUID().slice(0, 8)}`);
    const invited = await server.call('/api/organization/people', {
      token: orgToken,
      body: { email, role: 'reviewer' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const [row] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientEmail, email), isNull(notifications.recipientId)));
    expect(row).toMatchObject({ kind: 'organization.teamInvitation', payload: { organizationName: 'Team Co' } });
    // The address is not in the payload: nobody can read it through a notification.
    expect(JSON.stringify(row!.payload)).not.toContain(email);
    const mail = await waitFor(() => server.ctx.mailer.latest?.(email));
    expect(mail.subject).toBe('Invitation to an organization team — Placely');
    expect(mail.unsubscribeUrl).toBeNull();
    expect(mail.text).toContain(
      'Team Co invited you to its team on Placely as a reviewer. Accept or decline it on your Team page',
    );
    // The link leads to the Team page, where the invitation is accepted or declined (issue 40).
    expect(row?.link).toBe('/team');

    // Someone already on Placely: in-app and mail to them at once.
    const known = await student('Known Person');
    await server.call('/api/organization/people', {
      token: orgToken,
      body: { email: known.user.email, role: 'coordinator' },
    });
    expect(await rowsOf(known.user.id, 'organization.teamInvitation')).toHaveLength(1);

    // Signing up with the invited address makes the row theirs.
    const signedIn = await server.signIn({ email, name: 'New Invitee' });
    const inbox = await server.call('/api/notifications', { token: signedIn.accessToken });
    expect(inbox.body.result.data.items.map((item: { kind: string }) => item.kind)).toContain(
      'organization.teamInvitation',
    );
  });
});

describe('new applications as a daily digest', () => {
  it('one digest per person per opening per day, however often the job runs; preferences decide', async () => {
    const org = await seedOrganization(server.db, { name: 'Digest Co' });
    const orgToken = await server.tokenFor(org.id);
    const coordinator = await student('Coco Coordinator');
    const muted = await student('Mute Coordinator');
    await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: coordinator.user.id,
      role: 'coordinator',
    });
    await seedOrganizationMember(server.db, { organizationId: org.id, userId: muted.user.id, role: 'coordinator' });
    await server.call('/api/notifications/preferences', {
      method: 'PUT',
      token: muted.token,
      body: { items: [{ kind: 'opening.applicationsDigest', inApp: false, email: false }] },
    });
    const openingIds: string[] = [];
    for (const title of ['Digest one', 'Digest two']) {
      const created = await server.call('/api/organization/openings', {
        token: orgToken,
        body: seedOpeningInput({ title }),
      });
      openingIds.push(created.body.result.data.id);
    }
    for (const name of ['A One', 'B Two']) await apply((await student(name)).token, openingIds[0]!);
    await apply((await student('C Three')).token, openingIds[1]!);

    const today = new Date().toISOString().slice(0, 10);
    await writeDailyDigests(server.db, today);
    await writeDailyDigests(server.db, today);
    const digests = await rowsOf(coordinator.user.id, 'opening.applicationsDigest');
    expect(digests.map((row) => [row.payload.openingTitle, row.payload.count]).sort()).toEqual([
      ['Digest one', '2'],
      ['Digest two', '1'],
    ]);
    expect(await rowsOf(org.id, 'opening.applicationsDigest')).toHaveLength(2);
    expect(await rowsOf(muted.user.id, 'opening.applicationsDigest')).toEqual([]);
    // Mail by default (in-app off), one delivery each.
    expect(digests.every((row) => !row.inApp)).toBe(true);
    for (const row of digests) {
      expect(
        await server.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, row.id)),
      ).toHaveLength(1);
    }
    // The job is a pg-boss schedule in the same queue.
    const schedules = await server.db.execute(sql`select name, cron from pgboss.schedule`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toContainEqual({
      name: 'notification-digest',
      cron: '5 0 * * *',
    });
  });
});

describe('mail and live count', () => {
  it('the "received" mail carries a copy of the answers', async () => {
    const org = await seedOrganization(server.db, { name: 'Answers Co' });
    const created = await server.call('/api/organization/openings', {
      token: await server.tokenFor(org.id),
      body: seedOpeningInput({ title: 'Answers opening' }),
    });
    const asha = await student('Asha Verma');
    await apply(asha.token, created.body.result.data.id);
    const mail = await waitFor(async () => {
      const latest = await server.call('/api/dev/mail/latest', { token: asha.token });
      return latest.status === 200 ? latest.body.result.data : undefined;
    });
    expect(mail.subject).toBe('Application received — Placely');
    expect(mail.text).toContain('Your answers:\n- Full name: Asha Verma\n- Email: asha@example.com');
    expect(mail.text).toContain('- Why this role?: I like APIs.');
    expect(mail.html).toContain('<dt style="font-weight:bold;margin:8px 0 0">Why this role?</dt>');
  });

  it('pushes unread changes through LISTEN/NOTIFY to the recipient only', async () => {
    const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const signals = createUnreadSignals(server.db, quiet);
    const asha = await student('Asha Verma');
    const ravi = await student('Ravi Kumar');
    const heard: number[] = [];
    const offAsha = signals.subscribe(asha.user.id, () => heard.push(asha.user.id));
    const offRavi = signals.subscribe(ravi.user.id, () => heard.push(ravi.user.id));
    await waitFor(() => (signals.listening() ? true : undefined));
    await server.db.insert(notifications).values({
      recipientId: asha.user.id,
      kind: 'application.edited',
      payload: { openingTitle: 'x' },
      link: '/',
      dedupeKey: `test:${crypto.randomUUID()}`,
      inApp: true,
    });
    await waitFor(() => (heard.length > 0 ? true : undefined), 5_000);
    expect(heard).toEqual([asha.user.id]);
    offAsha();
    offRavi();
    await signals.close();
  });

  it('a submit signals its recipients after it commits, not from inside its statement', async () => {
    const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const signals = createUnreadSignals(server.db, quiet);
    const org = await seedOrganization(server.db, { name: 'Signal Co' });
    const created = await server.call('/api/organization/openings', {
      token: await server.tokenFor(org.id),
      body: seedOpeningInput({ title: 'Signal opening' }),
    });
    const asha = await student('Asha Verma');
    const bystander = await student('Ravi Kumar');
    const heard: number[] = [];
    const offs = [org.id, asha.user.id, bystander.user.id].map((id) => signals.subscribe(id, () => heard.push(id)));
    await waitFor(() => (signals.listening() ? true : undefined));
    await apply(asha.token, created.body.result.data.id);
    // Both in-app rows are there when the answer comes back; their signals follow within a batch.
    expect((await rowsOf(asha.user.id, 'application.received')).length).toBe(1);
    expect((await rowsOf(org.id, 'opening.newApplication')).length).toBe(1);
    await waitFor(() => (heard.includes(org.id) && heard.includes(asha.user.id) ? true : undefined), 5_000);
    expect(heard).not.toContain(bystander.user.id);
    for (const off of offs) off();
    await signals.close();
  });

  it('a statement that takes over its signals sends no NOTIFY itself; the publisher sends them after', async () => {
    const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const signals = createUnreadSignals(server.db, quiet);
    const asha = await student('Asha Verma');
    const heard: number[] = [];
    const off = signals.subscribe(asha.user.id, () => heard.push(asha.user.id));
    await waitFor(() => (signals.listening() ? true : undefined));
    const written = await server.db.execute(sql`with n_events as (
        select ${asha.user.id}::bigint as recipient_id, 'application.edited'::text as kind,
               ${`test:${crypto.randomUUID()}`}::text as dedupe_key, '/'::text as link,
               '{"openingTitle":"x"}'::jsonb as payload
      ), ${notificationWriteCtes({ deferUnreadSignal: true })}
      select recipient_id from n_unread`);
    const recipients = (written as unknown as { rows: { recipient_id: string | number }[] }).rows.map((row) =>
      Number(row.recipient_id),
    );
    expect(recipients).toEqual([asha.user.id]);
    expect(await rowsOf(asha.user.id, 'application.edited')).toHaveLength(1);
    // A NOTIFY from the statement would arrive within milliseconds (the test above).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual([]);
    const publisher = createUnreadPublisher(server.db, quiet);
    publisher.publish(recipients);
    await publisher.flush();
    await waitFor(() => (heard.length > 0 ? true : undefined), 5_000);
    expect(heard).toEqual([asha.user.id]);
    off();
    await signals.close();
  });
});
