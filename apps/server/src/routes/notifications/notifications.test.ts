import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, notificationDeliveries, notifications, verificationGroupMembers } from '../../db/schema';
import {
  seedGroup,
  seedOpeningInput,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
  seedVerificationGroup,
} from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    notificationQueue: { relayIntervalMs: 100, retryLimit: 3, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
  });
});
afterAll(() => server?.close());

async function person(name = 'Asha Verma') {
  const user = await seedStudent(server.db, { name });
  return { user, token: await server.tokenFor(user.id) };
}

async function organizationWithOpening(name = 'Acme Technologies') {
  const org = await seedOrganization(server.db, { name });
  const token = await server.tokenFor(org.id);
  const created = await server.call('/api/organization/openings', { token, body: seedOpeningInput() });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { org, token, opening: created.body.result.data as { id: string; title: string } };
}

const answers = { name: 'Asha Verma', email: 'asha@example.com', why: 'I like APIs.' };

async function apply(token: string, openingId: string, idempotencyKey = `key-${crypto.randomUUID()}`) {
  const applied = await server.call('/api/placements/campus/apply', {
    token,
    body: { openingId, idempotencyKey, answers },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return applied.body.result.data as { id: string };
}

const rowsOf = (userId: number) => server.db.select().from(notifications).where(eq(notifications.recipientId, userId));

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('authorization', () => {
  it('refuses every route signed out (401)', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/read', { id: crypto.randomUUID() }],
      ['POST', '/api/notifications/read/all'],
      ['GET', '/api/notifications/preferences'],
      [
        'PUT',
        '/api/notifications/preferences',
        { items: [{ kind: 'application.received', inApp: true, email: false }] },
      ],
      ['GET', '/api/dev/mail/latest'],
      ['GET', '/api/notifications/stream?token=nope'],
    ] as const) {
      expect((await server.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("never shows or marks another person's notification (404)", async () => {
    const { opening } = await organizationWithOpening();
    const asha = await person();
    const ravi = await person('Ravi Kumar');
    await apply(asha.token, opening.id);
    const own = await server.call('/api/notifications', { token: asha.token });
    const [item] = own.body.result.data.items;
    expect(item).toMatchObject({ kind: 'application.received', read: false });
    expect((await server.call('/api/notifications', { token: ravi.token })).body.result.data.items).toEqual([]);
    const stolen = await server.call('/api/notifications/read', { token: ravi.token, body: { id: item.id } });
    expect(stolen.status).toBe(404);
    expect((await server.call('/api/notifications/unread', { token: asha.token })).body.result.data.unread).toBe(1);
    // The development outbox is scoped to its recipient too.
    await waitFor(async () => {
      const mail = await server.call('/api/dev/mail/latest', { token: asha.token });
      return mail.status === 200 ? mail : undefined;
    });
    expect((await server.call('/api/dev/mail/latest', { token: ravi.token })).status).toBe(404);
  });
});

describe('events, each produced once by its cause', () => {
  it('a submitted application: "received" to the candidate, "new application" to the owners and coordinators covering the opening', async () => {
    const { org, opening } = await organizationWithOpening('Globex');
    const coordinator = await person('Cora Coordinator');
    const outsider = await person('Otto Outside');
    const reviewer = await person('Rita Reviewer');
    await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: coordinator.user.id,
      role: 'coordinator',
      openingIds: [opening.id],
    });
    // Reviewers review what they are given; they are not told of each new application.
    await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: reviewer.user.id,
      role: 'reviewer',
      openingIds: [opening.id],
    });
    const other = await server.call('/api/organization/openings', {
      token: await server.tokenFor(org.id),
      body: seedOpeningInput({ title: 'Another opening' }),
    });
    await seedOrganizationMember(server.db, {
      organizationId: org.id,
      userId: outsider.user.id,
      role: 'coordinator',
      openingIds: [other.body.result.data.id],
    });
    const asha = await person();
    const key = `key-${crypto.randomUUID()}`;
    const application = await apply(asha.token, opening.id, key);
    // The same submit replayed (a retry with its idempotency key) causes nothing new.
    await apply(asha.token, opening.id, key);

    const mine = await rowsOf(asha.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'application.received', link: `/forms/${opening.id}` });
    for (const userId of [org.id, coordinator.user.id]) {
      const rows = await rowsOf(userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'opening.newApplication',
        link: `/organization/openings?opening=${opening.id}&application=${application.id}`,
      });
      // New applications are in-app only by default.
      expect(
        await server.db
          .select()
          .from(notificationDeliveries)
          .where(eq(notificationDeliveries.notificationId, rows[0]!.id)),
      ).toEqual([]);
    }
    expect(await rowsOf(outsider.user.id)).toEqual([]);
    expect(await rowsOf(reviewer.user.id)).toEqual([]);
    const list = await server.call('/api/notifications', { token: await server.tokenFor(org.id) });
    expect(list.body.result.data.items[0]).toMatchObject({
      title: 'New application',
      body: 'Asha Verma applied to "Software Engineering Intern".',
    });
    // The candidate's mail: one delivery, sent once.
    const [delivery] = await server.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, mine[0]!.id));
    expect(delivery).toBeDefined();
    await waitFor(async () => {
      const [row] = await server.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.id, delivery!.id));
      return row?.status === 'sent' ? row : undefined;
    });
  });

  it('join requests accepted and declined, in groups and verification groups', async () => {
    const owner = await seedOrganization(server.db, { name: 'Circle Org' });
    const ownerToken = await server.tokenFor(owner.id);
    const asha = await person();
    const ravi = await person('Ravi Kumar');
    const group = await seedGroup(server.db, {
      ownerId: owner.id,
      name: 'Hiring club',
      requests: [asha.user.id, ravi.user.id],
    });
    const requests = await server.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    const idOf = (userId: number) => requests.find((row) => row.userId === userId)!.id;
    for (let i = 0; i < 2; i++) {
      expect(
        (await server.call('/api/group/request/accept', { token: ownerToken, body: { ids: [idOf(asha.user.id)] } }))
          .status,
      ).toBe(200);
    }
    expect(
      (await server.call('/api/group/request/decline', { token: ownerToken, body: { ids: [idOf(ravi.user.id)] } }))
        .status,
    ).toBe(200);
    expect((await rowsOf(asha.user.id)).map((row) => [row.kind, row.link, row.payload.groupName])).toEqual([
      ['membership.accepted', `/joinGroupLink/${group.id}`, 'Hiring club'],
    ]);
    expect((await rowsOf(ravi.user.id)).map((row) => row.kind)).toEqual(['membership.declined']);

    const verifier = await person('Vera Owner');
    const priya = await person('Priya Shah');
    const vgroup = await seedVerificationGroup(server.db, {
      ownerId: verifier.user.id,
      name: 'Cell',
      requests: [priya.user.id],
    });
    const [request] = await server.db
      .select()
      .from(verificationGroupMembers)
      .where(and(eq(verificationGroupMembers.groupId, vgroup.id), eq(verificationGroupMembers.userId, priya.user.id)));
    const accepted = await server.call('/api/verification/request/accept', {
      token: verifier.token,
      body: { ids: [request!.id] },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await rowsOf(priya.user.id)).map((row) => [row.kind, row.link])).toEqual([
      ['membership.accepted', `/joinVerificationLink/${vgroup.id}`],
    ]);
  });
});

describe('preferences', () => {
  it('defaults, changes, and honours them when events happen', async () => {
    const asha = await person();
    const initial = await server.call('/api/notifications/preferences', { token: asha.token });
    expect(initial.body.result.data.items).toContainEqual({ kind: 'application.received', inApp: true, email: true });
    expect(initial.body.result.data.items).toContainEqual({
      kind: 'opening.newApplication',
      inApp: true,
      email: false,
    });
    const bad = await server.call('/api/notifications/preferences', {
      method: 'PUT',
      token: asha.token,
      body: { items: [{ kind: 'nope', inApp: true, email: true }] },
    });
    expect(bad.status).toBe(400);
    const saved = await server.call('/api/notifications/preferences', {
      method: 'PUT',
      token: asha.token,
      body: { items: [{ kind: 'application.received', inApp: true, email: false }] },
    });
    expect(saved.status).toBe(200);
    const { opening } = await organizationWithOpening();
    await apply(asha.token, opening.id);
    const [row] = await rowsOf(asha.user.id);
    expect(row).toBeDefined();
    expect(
      await server.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, row!.id)),
    ).toEqual([]);

    await server.call('/api/notifications/preferences', {
      method: 'PUT',
      token: asha.token,
      body: { items: [{ kind: 'application.received', inApp: false, email: false }] },
    });
    const second = await organizationWithOpening('Initech');
    await apply(asha.token, second.opening.id);
    expect(await rowsOf(asha.user.id)).toHaveLength(1);
  });
});

describe('inbox', () => {
  it('pages by keyset, counts unread, marks one and all read', async () => {
    const asha = await person();
    for (let i = 0; i < 5; i++) {
      const { opening } = await organizationWithOpening(`Org ${i}`);
      await apply(asha.token, opening.id);
    }
    const first = await server.call('/api/notifications?limit=2', { token: asha.token });
    expect(first.body.result.data).toMatchObject({ unread: 5 });
    const seen = [...first.body.result.data.items];
    let cursor = first.body.result.data.nextCursor;
    while (cursor) {
      const next = await server.call(`/api/notifications?limit=2&cursor=${encodeURIComponent(cursor)}`, {
        token: asha.token,
      });
      seen.push(...next.body.result.data.items);
      cursor = next.body.result.data.nextCursor;
    }
    expect(new Set(seen.map((item) => item.id)).size).toBe(5);
    expect((await server.call('/api/notifications?cursor=bad', { token: asha.token })).status).toBe(400);
    const one = await server.call('/api/notifications/read', { token: asha.token, body: { id: seen[0].id } });
    expect(one.body.result.data.read).toBe(true);
    expect((await server.call('/api/notifications/unread', { token: asha.token })).body.result.data.unread).toBe(4);
    await server.call('/api/notifications/read/all', { token: asha.token, method: 'POST' });
    expect((await server.call('/api/notifications/unread', { token: asha.token })).body.result.data.unread).toBe(0);
  });

  it('streams the unread count (Server-Sent Events, token in the query)', async () => {
    const asha = await person();
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/notifications/stream?token=${asha.token}`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value);
      }
    };
    await readUntil('data: {"unread":0}');
    const { opening } = await organizationWithOpening();
    await apply(asha.token, opening.id);
    await readUntil('data: {"unread":1}');
    controller.abort();
  });
});

describe('one-click unsubscribe', () => {
  it('works signed out, for its own person and kind only', async () => {
    const asha = await person();
    const ravi = await person('Ravi Kumar');
    const { opening } = await organizationWithOpening();
    await apply(asha.token, opening.id);
    const mail = await waitFor(async () => {
      const latest = await server.call('/api/dev/mail/latest', { token: asha.token });
      return latest.status === 200 ? latest.body.result.data : undefined;
    });
    expect(mail).toMatchObject({ kind: 'application.received', subject: 'Application received — Placely' });
    expect(mail.text).toContain(`/forms/${opening.id}`);
    expect(mail.html).toContain('Unsubscribe from these mails');
    expect(mail.listUnsubscribe).toBe(`<${mail.unsubscribeUrl}>`);
    const url = new URL(mail.unsubscribeUrl);

    const confirm = await fetch(url);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('<form method="post">');
    // A GET alone changes nothing.
    const before = await server.call('/api/notifications/preferences', { token: asha.token });
    expect(before.body.result.data.items).toContainEqual({ kind: 'application.received', inApp: true, email: true });

    const tampered = new URL(url);
    tampered.searchParams.set('token', `${url.searchParams.get('token')}x`);
    expect((await fetch(tampered, { method: 'POST' })).status).toBe(400);

    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const after = (await server.call('/api/notifications/preferences', { token: asha.token })).body.result.data.items;
    expect(after).toContainEqual({ kind: 'application.received', inApp: true, email: false });
    expect(after).toContainEqual({ kind: 'membership.accepted', inApp: true, email: true });
    const others = (await server.call('/api/notifications/preferences', { token: ravi.token })).body.result.data.items;
    expect(others).toContainEqual({ kind: 'application.received', inApp: true, email: true });
    // An access token is not an unsubscribe token.
    expect(
      (await fetch(`${server.baseUrl}/api/notifications/unsubscribe?token=${ravi.token}`, { method: 'POST' })).status,
    ).toBe(400);
  });
});

describe('production', () => {
  it('has no development mail outbox', async () => {
    const production = await startTestServer({
      isProduction: true,
      smtpUrl: 'smtp://127.0.0.1:2527',
      sms: { url: 'http://127.0.0.1:9/sms', token: undefined, from: 'Placely' },
    });
    try {
      expect(production.ctx.mailer.kind).toBe('smtp');
      const asha = await seedStudent(production.db, { name: 'Asha Verma' });
      const latest = await production.call('/api/dev/mail/latest', { token: await production.tokenFor(asha.id) });
      expect(latest.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
