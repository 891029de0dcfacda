import {
  type CandidateMessage,
  type MessageTemplate,
  ORGANIZATION_HEADER,
  type Pipeline,
  unknownMergeFieldMessage,
} from '@placely/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages, notifications, stageMoves } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf, seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function setup() {
  const org = await seedOrganization(server.db, { name: `Acme ${Math.random()}` });
  const students = [
    await seedStudent(server.db, { name: 'Asha Verma' }),
    await seedStudent(server.db, { name: 'Ravi Kumar' }),
    await seedStudent(server.db, { name: 'Meera Iyer' }),
  ];
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: 'Backend intern' },
    applicants: students.map((s, i) => ({
      userId: s.id,
      answers: { name: `Student ${i}`, email: `s${i}@example.com` },
    })),
  });
  const { opening: other } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Other ${Math.random()}` },
  });
  const team = await seedTeamTokens(server, org.id, opening.id, other.id);
  const stranger = await seedOrganization(server.db, { name: 'Stranger Co' });
  const tokens = {
    ...team,
    stranger: await server.tokenFor(stranger.id),
    asha: await server.tokenFor(students[0]?.id as number),
    ravi: await server.tokenFor(students[1]?.id as number),
  };
  type Who = keyof typeof tokens | 'anon';
  const as = (who: Who, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      ...(who === 'anon' ? {} : { token: tokens[who] }),
      headers:
        who === 'coordinator' || who === 'reviewer' || who === 'elsewhere'
          ? { [ORGANIZATION_HEADER]: String(org.id) }
          : {},
    });
  const stageId = async (name: string) => {
    const pipeline: Pipeline = (await as('owner', `${base}/stages?openingId=${opening.id}`)).body.result.data;
    const found = pipeline.stages.find((s) => s.name === name);
    if (!found) throw new Error(`no stage ${name}`);
    return found.id;
  };
  const appId = (i: number) => applications[i]?.id as string;
  const timeline = async (i: number, who: Who = 'owner') =>
    (await as(who, `${base}/messages?openingId=${opening.id}&applicationId=${appId(i)}`)).body.result.data
      .items as CandidateMessage[];
  const inbox = async (who: 'asha' | 'ravi') =>
    (await as(who, '/api/notifications')).body.result.data.items as Array<{
      kind: string;
      title: string;
      body: string;
    }>;
  const candidateLabel = async (who: 'asha' | 'ravi') => {
    const res = await as(who, '/api/placements/campus/applications');
    return (res.body.result.data.items as Array<{ openingId: string; stageLabel: string }>).find(
      (item) => item.openingId === opening.id,
    )?.stageLabel;
  };
  return { org, opening, applications, students, as, stageId, appId, timeline, inbox, candidateLabel };
}

describe('message templates', () => {
  it('are the organization’s: members read a page, owners and coordinators write, unknown merge fields refused by name', async () => {
    const { as } = await setup();
    const input = { name: 'Rejection', subject: 'About {{ openingTitle }}', body: 'Dear {{firstName}}, thank you.' };
    expect((await as('anon', `${base}/templates`, { body: input })).status).toBe(401);
    expect((await as('reviewer', `${base}/templates`, { body: input })).status).toBe(403);
    const created = await as('coordinator', `${base}/templates`, { body: input });
    expect(created.status).toBe(200);
    const template: MessageTemplate = created.body.result.data;
    // Spaces inside the braces are normalised at save.
    expect(template.subject).toBe('About {{openingTitle}}');

    const unknown = await as('owner', `${base}/templates`, {
      body: { ...input, name: 'Other', body: 'Hello {{fullName}} and {{firstName}}' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.exception.error.message).toContain('body');
    expect(unknown.body.exception.error.message).toContain(unknownMergeFieldMessage('fullName'));

    const duplicate = await as('owner', `${base}/templates`, { body: { ...input, name: 'rejection' } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.exception.error.message).toContain('name');

    const page = await as('reviewer', `${base}/templates?page=1`);
    expect(page.status).toBe(200);
    expect(page.body.result.data).toMatchObject({ total: 1, page: 1, abilities: { manage: false } });
    expect((await as('stranger', `${base}/templates`)).body.result.data.total).toBe(0);

    // Another organization's template is not found for it.
    const foreign = await as('stranger', `${base}/templates`, {
      method: 'PATCH',
      body: { ...input, id: template.id },
    });
    expect(foreign.status).toBe(404);
    const renamed = await as('owner', `${base}/templates`, {
      method: 'PATCH',
      body: { ...input, id: template.id, name: 'Polite no' },
    });
    expect(renamed.body.result.data.name).toBe('Polite no');
    expect((await as('owner', `${base}/templates?id=${template.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await as('owner', `${base}/templates?page=1`)).body.result.data.total).toBe(0);
  });
});

describe('messages to candidates', () => {
  it('fills merge fields per candidate, reaches the inbox and the mail, and stays on the timeline', async () => {
    const { as, opening, appId, timeline, inbox, org } = await setup();
    const body = {
      openingId: opening.id,
      applicationIds: [appId(0), appId(1)],
      subject: 'Next steps for {{openingTitle}}',
      body: 'Hi {{firstName}}, your application is at: {{stageLabel}}.',
    };
    expect((await as('reviewer', `${base}/messages`, { body })).status).toBe(403);
    expect((await as('stranger', `${base}/messages`, { body })).status).toBe(404);
    const sent = await as('coordinator', `${base}/messages`, { body });
    expect(sent.status).toBe(200);
    expect(sent.body.result.data).toEqual({ written: 2, scheduled: false });

    const [message] = await timeline(0, 'reviewer');
    expect(message).toMatchObject({
      kind: 'message',
      status: 'sent',
      subject: 'Next steps for Backend intern',
      body: 'Hi Asha, your application is at: Applied.',
    });
    const [ravi] = await inbox('ravi');
    expect(ravi).toMatchObject({ kind: 'application.message', title: 'Next steps for Backend intern' });
    expect(ravi?.body).toContain('Hi Ravi, your application is at: Applied.');
    const mail = await waitFor(async () => {
      const latest = await as('asha', '/api/dev/mail/latest');
      return latest.status === 200 && latest.body.result.data.kind === 'application.message'
        ? latest.body.result.data
        : undefined;
    });
    expect(mail.subject).toBe('Next steps for Backend intern — Placely');
    expect(mail.text).toContain('Hi Asha, your application is at: Applied.');
    expect(await auditEventsOf(server.db, org.id, 'candidate.messaged')).toHaveLength(1);
  });

  it('writes to every candidate matching a filter (a stage), and refuses unknown merge fields and foreign ids', async () => {
    const { as, opening, appId, stageId, timeline } = await setup();
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: await stageId('Shortlisted'), applicationIds: [appId(2)] },
    });
    const sent = await as('owner', `${base}/messages`, {
      body: {
        openingId: opening.id,
        filter: { stageId: await stageId('Shortlisted') },
        subject: 'Interview',
        body: 'Hello {{firstName}}',
      },
    });
    expect(sent.body.result.data.written).toBe(1);
    expect((await timeline(2))[0]?.body).toBe('Hello Meera');
    expect(await timeline(0)).toEqual([]);

    const unknown = await as('owner', `${base}/messages`, {
      body: { openingId: opening.id, applicationIds: [appId(0)], subject: 'Hi {{name}}', body: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.exception.error.message).toContain('{{name}}');
    const foreign = await as('owner', `${base}/messages`, {
      body: {
        openingId: opening.id,
        applicationIds: ['00000000-0000-4000-8000-000000000000'],
        subject: 'x',
        body: 'y',
      },
    });
    expect(foreign.status).toBe(404);
    const past = await as('owner', `${base}/messages`, {
      body: {
        openingId: opening.id,
        applicationIds: [appId(0)],
        subject: 'x',
        body: 'y',
        sendAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(past.status).toBe(400);
    expect(past.body.exception.error.message).toContain('sendAt');
  });

  it('a scheduled message waits, can be cancelled until sent, and the delayed job sends the rest', async () => {
    const { as, opening, appId, timeline, inbox, org } = await setup();
    const sendAt = new Date(Date.now() + 2_500).toISOString();
    const scheduled = await as('owner', `${base}/messages`, {
      body: { openingId: opening.id, applicationIds: [appId(0), appId(1)], subject: 'Later', body: 'Hi', sendAt },
    });
    expect(scheduled.body.result.data).toEqual({ written: 2, scheduled: true });
    const [toAsha] = await timeline(0);
    expect(toAsha?.status).toBe('scheduled');
    expect(
      (await as('reviewer', `${base}/messages/cancel`, { body: { openingId: opening.id, messageId: toAsha?.id } }))
        .status,
    ).toBe(403);
    const cancelled = await as('owner', `${base}/messages/cancel`, {
      body: { openingId: opening.id, messageId: toAsha?.id },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.result.data.status).toBe('cancelled');
    const again = await as('owner', `${base}/messages/cancel`, {
      body: { openingId: opening.id, messageId: toAsha?.id },
    });
    expect(again.status).toBe(409);

    const ravi = await waitFor(async () => {
      const [row] = await timeline(1);
      return row?.status === 'sent' ? row : undefined;
    });
    expect(ravi.sentAt).not.toBeNull();
    expect((await inbox('ravi')).some((n) => n.kind === 'application.message')).toBe(true);
    expect((await inbox('asha')).some((n) => n.kind === 'application.message')).toBe(false);
    const tooLate = await as('owner', `${base}/messages/cancel`, {
      body: { openingId: opening.id, messageId: ravi.id },
    });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.exception.error.message).toBe('This message was already sent');
    expect(await auditEventsOf(server.db, org.id, 'message.cancelled')).toHaveLength(1);
  });
});

describe('rejecting one candidate', () => {
  it('moves them to Rejected with the reason; without a mail the candidate sees nothing until release', async () => {
    const { as, opening, appId, candidateLabel, org } = await setup();
    const body = { openingId: opening.id, applicationId: appId(0), reason: 'Needs more Go experience' };
    expect((await as('anon', `${base}/reject`, { body })).status).toBe(401);
    expect((await as('reviewer', `${base}/reject`, { body })).status).toBe(403);
    expect((await as('elsewhere', `${base}/reject`, { body })).status).toBe(403);
    expect((await as('stranger', `${base}/reject`, { body })).status).toBe(404);
    expect((await as('owner', `${base}/reject`, { body: { ...body, reason: '' } })).status).toBe(400);
    const rejected = await as('coordinator', `${base}/reject`, { body });
    expect(rejected.status).toBe(200);
    expect(rejected.body.result.data).toEqual({ moved: true, message: null });
    const [move] = await server.db
      .select()
      .from(stageMoves)
      .where(eq(stageMoves.applicationId, appId(0)));
    expect(move).toMatchObject({ toStageName: 'Rejected', reason: 'Needs more Go experience' });
    expect(await candidateLabel('asha')).toBe('Applied');
    const [audit] = await auditEventsOf(server.db, org.id, 'candidate.rejected');
    expect(audit?.details).toMatchObject({ reason: 'Needs more Go experience', mail: 'none' });
  });

  it('with a templated mail now: the candidate is told and sees the rejection; release does not tell them twice', async () => {
    const { as, opening, appId, candidateLabel, inbox, students } = await setup();
    const template: MessageTemplate = (
      await as('owner', `${base}/templates`, {
        body: {
          name: 'No',
          subject: 'Your application to {{openingTitle}}',
          body: 'Dear {{firstName}}: {{stageLabel}}.',
        },
      })
    ).body.result.data;
    const rejected = await as('owner', `${base}/reject`, {
      body: {
        openingId: opening.id,
        applicationId: appId(0),
        reason: 'Not enough experience',
        message: { templateId: template.id, subject: template.subject, body: template.body },
      },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.result.data.message).toMatchObject({
      kind: 'rejection',
      status: 'sent',
      templateName: 'No',
      body: 'Dear Asha: Not selected.',
    });
    expect(await candidateLabel('asha')).toBe('Not selected');
    expect(await candidateLabel('ravi')).toBe('Applied');
    await as('owner', `${base}/settings`, {
      method: 'PATCH',
      body: { openingId: opening.id, rejectionsReleased: true },
    });
    const told = await server.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, students[0]?.id as number),
          eq(notifications.kind, 'application.stageChanged'),
        ),
      );
    expect(told).toEqual([]);
    expect((await inbox('asha')).filter((n) => n.kind === 'application.message')).toHaveLength(1);
  });

  it('with a scheduled mail: cancellable until sent, and a candidate moved out of Rejected is not sent it', async () => {
    const { as, opening, appId, stageId, timeline } = await setup();
    const sendAt = new Date(Date.now() + 60_000).toISOString();
    const rejected = await as('owner', `${base}/reject`, {
      body: {
        openingId: opening.id,
        applicationId: appId(1),
        reason: 'Later',
        message: { subject: 'Update', body: 'Sorry {{firstName}}' },
        sendAt,
      },
    });
    expect(rejected.body.result.data.message.status).toBe('scheduled');
    await as('owner', `${base}/moves`, {
      body: { openingId: opening.id, toStageId: await stageId('Shortlisted'), applicationIds: [appId(1)] },
    });
    // Due now (as if the hour had passed): the job finds the candidate no longer rejected and cancels the mail.
    await server.db
      .update(candidateMessages)
      .set({ sendAt: new Date(Date.now() - 120_000) })
      .where(eq(candidateMessages.applicationId, appId(1)));
    const { sendOverdueMessages } = await import('../../services/shortlisting/messages');
    await sendOverdueMessages(server.db);
    expect((await timeline(1))[0]?.status).toBe('cancelled');
    const noMessage = await as('owner', `${base}/reject`, {
      body: { openingId: opening.id, applicationId: appId(2), reason: 'x', sendAt },
    });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.exception.error.message).toContain('sendAt');
  });
});
