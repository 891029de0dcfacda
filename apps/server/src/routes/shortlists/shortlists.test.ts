import {
  ORGANIZATION_HEADER,
  SHORTLIST_LIMITS,
  SHORTLIST_MESSAGES,
  type SharedShortlist,
  type ShareLink,
  type Shortlist,
  type ShortlistUsers,
} from '@placely/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, notifications, shareLinks, shareLinkViews } from '../../db/schema';
import { seedOpeningWithApplicants, seedOrganization, seedStudent } from '../../seed/helpers';
import { hashLinkToken, writeVerdictDigest } from '../../services/shortlisting/share-links';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditEventsOf, seedTeamTokens } from '../../test/organization-team';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/shortlisting';
const tokenOf = (url: string) => new URL(url).searchParams.get('link') ?? '';

/** An organization with a coordinator, a reviewer of this opening, a reviewer of another, a stranger, applicants. */
async function setup(applicantCount = 4) {
  const org = await seedOrganization(server.db, { name: `Org ${Math.random()}` });
  const students = [];
  for (let i = 0; i < applicantCount; i++) students.push(await seedStudent(server.db, { name: `Student ${i}` }));
  const { opening, applications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Opening ${Math.random()}` },
    applicants: students.map((s, i) => ({
      userId: s.id,
      answers: { name: `Answer ${i}`, email: `s${i}@example.com` },
    })),
  });
  const { opening: other, applications: otherApplications } = await seedOpeningWithApplicants(server.db, {
    organizationId: org.id,
    opening: { title: `Other ${Math.random()}` },
    applicants: [{ userId: students[0]?.id ?? 0, answers: { name: 'Elsewhere', email: 'e@example.com' } }],
  });
  const team = await seedTeamTokens(server, org.id, opening.id, other.id);
  const tokens = {
    anon: undefined,
    ...team,
    applicant: await server.tokenFor(students[0]?.id ?? 0),
  };
  type Who = keyof typeof tokens;
  const as = (who: Who, path: string, options: { method?: string; body?: unknown } = {}) =>
    server.call(path, {
      ...options,
      token: tokens[who],
      headers: ['coordinator', 'reviewer', 'elsewhere'].includes(who) ? { [ORGANIZATION_HEADER]: String(org.id) } : {},
    });
  const ids = applications.map((a) => a.id);
  const create = async (name = 'For the panel on 3 Dec', applicationIds = ids.slice(0, 3)): Promise<Shortlist> => {
    const res = await as('owner', `${base}/lists`, { body: { openingId: opening.id, name, applicationIds } });
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const share = async (shortlistId: string, body: Record<string, unknown> = {}): Promise<ShareLink> => {
    const res = await as('owner', `${base}/sharable/link`, { body: { shortlistId, ...body } });
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const visit = (token: string) => server.call(`${base}/sharable/view?link=${token}`);
  return { org, opening, other, otherApplications, ids, students, as, create, share, visit };
}

describe('shortlists', () => {
  it('creates from a selection, lists, reads, renames, adds, removes, reorders and deletes', async () => {
    const { as, create, opening, ids } = await setup(5);
    const shortlist = await create();
    expect(shortlist).toMatchObject({ name: 'For the panel on 3 Dec', count: 3, openingId: opening.id });
    expect(shortlist.abilities).toEqual({ change: true, share: true, export: true });

    const listed = await as('owner', `${base}/lists?openingId=${opening.id}`);
    expect(listed.body.result.data.items.map((s: Shortlist) => s.id)).toEqual([shortlist.id]);
    expect((await as('owner', `${base}/id?id=${shortlist.id}`)).body.result.data.count).toBe(3);

    const renamed = await as('owner', `${base}/id`, { method: 'PATCH', body: { id: shortlist.id, name: 'Panel B' } });
    expect(renamed.body.result.data.name).toBe('Panel B');

    // Adding one already there keeps its place; a new one goes last.
    const added = await as('owner', `${base}/id/users`, {
      body: { id: shortlist.id, applicationIds: [ids[4], ids[0]] },
    });
    expect(added.status).toBe(200);
    expect(added.body.result.message).toBe('1 candidate added');
    const order = async () =>
      ((await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers).items.map(
        (c) => c.applicationId,
      );
    expect(await order()).toEqual([ids[0], ids[1], ids[2], ids[4]]);

    const reordered = await as('owner', `${base}/id/users/order`, {
      method: 'PUT',
      body: { id: shortlist.id, applicationIds: [ids[4], ids[2], ids[0], ids[1]] },
    });
    expect(reordered.status).toBe(200);
    expect(await order()).toEqual([ids[4], ids[2], ids[0], ids[1]]);
    // A reorder must name every candidate once.
    const partial = await as('owner', `${base}/id/users/order`, {
      method: 'PUT',
      body: { id: shortlist.id, applicationIds: [ids[4], ids[2]] },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.exception.error.fields[0].field).toBe('applicationIds');

    const removed = await as('owner', `${base}/id/users?id=${shortlist.id}&applicationId=${ids[2]}`, {
      method: 'DELETE',
    });
    expect(removed.body.result.data.count).toBe(3);
    expect(await order()).toEqual([ids[4], ids[0], ids[1]]);
    const positions = (
      (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers
    ).items.map((c) => c.position);
    expect(positions).toEqual([0, 1, 2]);

    // Pages follow the order.
    const first = await as('owner', `${base}/id/users?id=${shortlist.id}&limit=2`);
    expect(first.body.result.data.items).toHaveLength(2);
    const second = await as(
      'owner',
      `${base}/id/users?id=${shortlist.id}&limit=2&cursor=${first.body.result.data.nextCursor}`,
    );
    expect(second.body.result.data.items.map((c: { applicationId: string }) => c.applicationId)).toEqual([ids[1]]);
    expect(second.body.result.data.nextCursor).toBeNull();

    const deleted = await as('owner', `${base}/id?id=${shortlist.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await as('owner', `${base}/id?id=${shortlist.id}`)).status).toBe(404);
  });

  it('takes only candidates of its own opening', async () => {
    const { as, create, otherApplications } = await setup(2);
    const shortlist = await create();
    const res = await as('owner', `${base}/id/users`, {
      body: { id: shortlist.id, applicationIds: [otherApplications[0]?.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.exception.error.fields[0].field).toBe('applicationIds');
  });

  it('lists candidates with the fields chosen for it; contact details only when chosen and allowed', async () => {
    const { as, create } = await setup(2);
    const shortlist = await create();
    const plain = (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers;
    const first = plain.items[0];
    expect(first?.name).toBe('Student 0');
    expect(first?.email).toBeNull();
    expect(first?.stageName).toBe('Applied');
    expect(first?.answers?.map((a) => a.question)).toContain('Full name');
    expect(JSON.stringify(plain)).not.toContain('s0@example.com');

    await as('owner', `${base}/id`, {
      method: 'PATCH',
      body: { id: shortlist.id, fields: ['name', 'contact', 'answers'] },
    });
    const withContacts = (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers;
    expect(withContacts.items[0]?.email).toContain('@');
    expect(withContacts.items[0]?.files).toBeNull();
    // A reviewer without the contact grant still does not see them.
    const reviewerView = await as('reviewer', `${base}/id/users?id=${shortlist.id}`);
    expect(reviewerView.status).toBe(200);
    expect(reviewerView.body.result.data.items[0].email).toBeNull();
    expect(JSON.stringify(reviewerView.body)).not.toContain('s0@example.com');
  });

  it('authorizes every route: owner and coordinator change, the covering reviewer reads, others are refused', async () => {
    const { as, create, opening, ids } = await setup(2);
    const shortlist = await create();
    const reads = [
      `${base}/id?id=${shortlist.id}`,
      `${base}/id/users?id=${shortlist.id}`,
      `${base}/lists?openingId=${opening.id}`,
      `${base}/sharable/link?shortlistId=${shortlist.id}`,
    ];
    for (const path of reads) {
      expect((await as('anon', path)).status, path).toBe(401);
      expect((await as('owner', path)).status, path).toBe(200);
      expect((await as('coordinator', path)).status, path).toBe(200);
      expect((await as('reviewer', path)).status, path).toBe(200);
      expect((await as('elsewhere', path)).status, path).toBe(403);
      expect((await as('stranger', path)).status, path).toBe(404);
      expect((await as('applicant', path)).status, path).toBe(404);
    }
    const changes: [string, string, unknown][] = [
      ['PATCH', `${base}/id`, { id: shortlist.id, name: 'Renamed' }],
      ['POST', `${base}/id/users`, { id: shortlist.id, applicationIds: [ids[1]] }],
      ['PUT', `${base}/id/users/order`, { id: shortlist.id, applicationIds: [ids[1], ids[0]] }],
      ['POST', `${base}/sharable/link`, { shortlistId: shortlist.id }],
    ];
    for (const [method, path, body] of changes) {
      expect((await as('anon', path, { method, body })).status, path).toBe(401);
      expect((await as('reviewer', path, { method, body })).status, path).toBe(403);
      expect((await as('elsewhere', path, { method, body })).status, path).toBe(403);
      expect((await as('stranger', path, { method, body })).status, path).toBe(404);
      expect((await as('applicant', path, { method, body })).status, path).toBe(404);
      expect((await as('coordinator', path, { method, body })).status, path).toBe(200);
    }
    const exportPath = `${base}/id/export?id=${shortlist.id}&format=csv`;
    expect((await as('reviewer', exportPath)).status).toBe(403);
    expect((await as('stranger', exportPath)).status).toBe(404);
    expect((await as('coordinator', exportPath)).status).toBe(200);
    const createPath = `${base}/lists`;
    const createBody = { openingId: opening.id, name: 'By the team' };
    expect((await as('reviewer', createPath, { body: createBody })).status).toBe(403);
    expect((await as('stranger', createPath, { body: createBody })).status).toBe(404);
    expect((await as('coordinator', createPath, { body: createBody })).status).toBe(200);
    expect((await as('reviewer', `${base}/id?id=${shortlist.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await as('coordinator', `${base}/id?id=${shortlist.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('concurrent adds queue on the shortlist: every candidate once, positions distinct', async () => {
    const { as, create, ids } = await setup(6);
    const shortlist = await create('Busy', []);
    const batches = [ids.slice(0, 3), ids.slice(2, 5), ids.slice(1, 6), ids.slice(0, 6)];
    const results = await Promise.all(
      batches.map((applicationIds) => as('owner', `${base}/id/users`, { body: { id: shortlist.id, applicationIds } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const users = (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers;
    expect(users.total).toBe(6);
    expect(new Set(users.items.map((c) => c.applicationId)).size).toBe(6);
    expect(new Set(users.items.map((c) => c.position)).size).toBe(6);
  });

  it('exports the shortlist in its order as CSV and XLSX', async () => {
    const { as, create, ids } = await setup(4);
    const shortlist = await create('Export me', [ids[2] ?? '', ids[0] ?? '']);
    const csv = await as('owner', `${base}/id/export?id=${shortlist.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get('x-total-rows')).toBe('2');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('Shortlist position,Application ID');
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(`1,${ids[2]}`)).toBe(true);
    expect(lines[2]?.startsWith(`2,${ids[0]}`)).toBe(true);
    const xlsx = await as('owner', `${base}/id/export?id=${shortlist.id}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.response.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('share links', () => {
  it('creates a link (token hashed, 14 days by default), shows only what it allows and counts every view', async () => {
    const { as, create, share, visit, org } = await setup(3);
    const shortlist = await create();
    const link = await share(shortlist.id, { label: 'Acme panel' });
    expect(link.state).toBe('live');
    expect(link.fields).not.toContain('contact');
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const token = tokenOf(link.url ?? '');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await server.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(stored?.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const first = await visit(token);
    expect(first.status).toBe(200);
    const shared: SharedShortlist = first.body.result.data;
    expect(shared.name).toBe('For the panel on 3 Dec');
    expect(shared.candidates.map((c) => c.name)).toEqual(['Student 0', 'Student 1', 'Student 2']);
    expect(shared.candidates[0]?.email).toBeNull();
    // Contact answers stay out too while contact details are off.
    expect(JSON.stringify(shared)).not.toContain('s0@example.com');
    expect(shared.candidates[0]?.portfolios).toBeNull();
    await visit(token);

    const listed = await as('owner', `${base}/sharable/link?shortlistId=${shortlist.id}`);
    const again: ShareLink = listed.body.result.data.items[0];
    expect(again).toMatchObject({ id: link.id, views: 2, url: null, label: 'Acme panel' });
    expect(again.lastViewedAt).not.toBeNull();
    const views = await server.db.select().from(shareLinkViews).where(eq(shareLinkViews.linkId, link.id));
    expect(views).toHaveLength(2);

    const audit = await auditEventsOf(server.db, org.id, 'shareLink.created');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('a link with contact details and without names shows exactly that', async () => {
    const { create, share, visit } = await setup(1);
    const shortlist = await create();
    const link = await share(shortlist.id, { fields: ['contact'] });
    const shared: SharedShortlist = (await visit(tokenOf(link.url ?? ''))).body.result.data;
    expect(shared.candidates[0]).toMatchObject({ name: null, answers: null, stageName: null, files: null });
    expect(shared.candidates[0]?.email).toContain('@');
  });

  it('takes verdicts from visitors, replaces one under the same name, and tells the organization', async () => {
    const { as, create, share, visit, org, ids } = await setup(2);
    const shortlist = await create();
    const token = tokenOf((await share(shortlist.id)).url ?? '');
    const verdict = (body: Record<string, unknown>) =>
      server.call(`${base}/sharable/verdict`, { body: { link: token, applicationId: ids[0], ...body } });
    const saved = await verdict({ visitorName: 'Asha', verdict: 'maybe', comment: 'Strong project' });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data).toMatchObject({ visitorName: 'Asha', verdict: 'maybe', comment: 'Strong project' });
    await verdict({ visitorName: 'asha', verdict: 'yes' });
    await verdict({ visitorName: 'Ravi', verdict: 'no', comment: 'Not yet' });
    // A candidate not on the shortlist is not there for the visitor.
    const elsewhere = await server.call(`${base}/sharable/verdict`, {
      body: { link: token, applicationId: ids[1], visitorName: 'Asha', verdict: 'yes' },
    });
    expect(elsewhere.status).toBe(200);
    const bad = await verdict({ visitorName: 'Asha', verdict: 'perhaps' });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('verdict');

    const shared: SharedShortlist = (await visit(token)).body.result.data;
    const verdicts = shared.candidates.find((c) => c.applicationId === ids[0])?.verdicts ?? [];
    expect(verdicts.map((v) => [v.visitorName, v.verdict]).sort()).toEqual([
      ['Ravi', 'no'],
      ['asha', 'yes'],
    ]);
    const inApp = (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers;
    expect(inApp.items.find((c) => c.applicationId === ids[0])?.verdicts).toHaveLength(2);
    const reviewer = (await as('reviewer', `${base}/id/users?id=${shortlist.id}`)).body.result.data as ShortlistUsers;
    expect(reviewer.items.find((c) => c.applicationId === ids[0])?.verdicts).toHaveLength(2);

    // Not once per verdict: one digest per link, written when its job comes due (issue 39).
    const toldOf = () =>
      server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, org.id), eq(notifications.kind, 'shortlist.verdict')));
    expect(await toldOf()).toHaveLength(0);
    const [link] = await server.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.tokenHash, hashLinkToken(token)));
    expect(link?.verdictsUndigested).toBe(4);
    const dueAt = link?.verdictDigestDueAt?.toISOString() ?? '';
    const due = new Date(dueAt).getTime() - Date.now();
    expect(due).toBeGreaterThan((SHORTLIST_LIMITS.verdictDigestGatherMinutes - 1) * 60_000);
    // The digest job is queued for that time, once however many verdicts scheduled it.
    const jobs = await server.db.execute(
      sql`select start_after from pgboss.job where name = 'shortlist-verdict-digest' and data ->> 'linkId' = ${link?.id}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect(await writeVerdictDigest(server.db, { linkId: link?.id ?? '', dueAt })).toBe(4);
    expect(await writeVerdictDigest(server.db, { linkId: link?.id ?? '', dueAt })).toBe(0);
    const told = await toldOf();
    expect(told.length).toBe(1);
    expect(told[0]?.link).toContain(`shortlist=${shortlist.id}`);
    expect(told[0]?.payload).toMatchObject({ count: '4', shortlistName: shortlist.name });
    // The next verdict waits for the next hour's digest.
    await verdict({ visitorName: 'Meera', verdict: 'yes' });
    const [after] = await server.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.id, link?.id ?? ''));
    expect(after?.verdictDigestDueAt?.getTime()).toBeGreaterThan(
      Date.now() + (SHORTLIST_LIMITS.verdictDigestEveryMinutes - 2) * 60_000,
    );
    // Mail too, by default (the outbox row waits for the queue).
    const mailed = await server.db
      .select()
      .from(notificationDeliveries)
      .where(
        inArray(
          notificationDeliveries.notificationId,
          told.map((row) => row.id),
        ),
      );
    expect(mailed).toHaveLength(1);
  });

  it('limits verdicts per link per hour: over the limit is a 429 and nothing is saved', async () => {
    const { create, share, ids } = await setup(1);
    const shortlist = await create();
    const token = tokenOf((await share(shortlist.id)).url ?? '');
    const [link] = await server.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.tokenHash, hashLinkToken(token)));
    // As if the link had taken all but one of its hour's verdicts already.
    await server.db
      .update(shareLinks)
      .set({ verdictWindowStartedAt: sql`now()`, verdictWindowCount: SHORTLIST_LIMITS.verdictsPerLinkPerHour - 1 })
      .where(eq(shareLinks.id, link?.id ?? ''));
    const verdict = (visitorName: string) =>
      server.call(`${base}/sharable/verdict`, {
        body: { link: token, applicationId: ids[0], visitorName, verdict: 'yes' },
      });
    expect((await verdict('Last one')).status).toBe(200);
    const refused = await verdict('Too many');
    expect(refused.status).toBe(429);
    expect(refused.body.exception.error).toEqual({
      code: 'RATE_LIMITED',
      message: SHORTLIST_MESSAGES.verdictsPerLink,
    });
    const visited: SharedShortlist = (await server.call(`${base}/sharable/view?link=${token}`)).body.result.data;
    expect(visited.candidates[0]?.verdicts.map((v) => v.visitorName)).toEqual(['Last one']);
    // An hour later the link takes verdicts again.
    await server.db
      .update(shareLinks)
      .set({ verdictWindowStartedAt: sql`now() - interval '61 minutes'` })
      .where(eq(shareLinks.id, link?.id ?? ''));
    expect((await verdict('Next hour')).status).toBe(200);
  });

  it('refuses a verdict on a candidate outside the link’s shortlist', async () => {
    const { create, share, ids } = await setup(3);
    const shortlist = await create('Only two', [ids[0] ?? '', ids[1] ?? '']);
    const token = tokenOf((await share(shortlist.id)).url ?? '');
    const res = await server.call(`${base}/sharable/verdict`, {
      body: { link: token, applicationId: ids[2], visitorName: 'Asha', verdict: 'yes' },
    });
    expect(res.status).toBe(404);
  });

  it('an expired, a revoked or an unknown link gives no data; revoking is audited', async () => {
    const { as, create, share, visit, org, ids } = await setup(1);
    const shortlist = await create();
    const expired = await share(shortlist.id, { expiresInDays: 1 });
    await server.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(shareLinks.id, expired.id));
    const expiredToken = tokenOf(expired.url ?? '');
    const gone = await visit(expiredToken);
    expect(gone.status).toBe(410);
    expect(gone.body.exception.error.message).toContain('expired');
    expect(JSON.stringify(gone.body)).not.toContain('Student 0');

    const live = await share(shortlist.id);
    const liveToken = tokenOf(live.url ?? '');
    expect((await visit(liveToken)).status).toBe(200);
    // Only the owner and coordinators revoke.
    expect((await as('reviewer', `${base}/sharable/link?id=${live.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await as('stranger', `${base}/sharable/link?id=${live.id}`, { method: 'DELETE' })).status).toBe(404);
    const revoked = await as('owner', `${base}/sharable/link?id=${live.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.data.state).toBe('revoked');
    const after = await visit(liveToken);
    expect(after.status).toBe(410);
    expect(after.body.exception.error.message).toContain('turned off');
    for (const token of [liveToken, expiredToken]) {
      const verdict = await server.call(`${base}/sharable/verdict`, {
        body: { link: token, applicationId: ids[0], visitorName: 'Late', verdict: 'yes' },
      });
      expect(verdict.status).toBe(410);
      const file = await server.call(
        `${base}/sharable/file?link=${token}&applicationId=${ids[0]}&fileId=00000000-0000-4000-8000-000000000000`,
      );
      expect(file.status).toBe(410);
    }
    expect((await visit('A'.repeat(43))).status).toBe(404);
    const audit = await auditEventsOf(server.db, org.id, 'shareLink.revoked');
    expect(audit).toHaveLength(1);
  });

  it('a link without resumes gives no file links; with them, only files of its candidates', async () => {
    const { create, share, ids } = await setup(1);
    const shortlist = await create();
    const without = tokenOf((await share(shortlist.id, { fields: ['name'] })).url ?? '');
    const refused = await server.call(
      `${base}/sharable/file?link=${without}&applicationId=${ids[0]}&fileId=00000000-0000-4000-8000-000000000000`,
    );
    expect(refused.status).toBe(403);
    const withFiles = tokenOf((await share(shortlist.id, { fields: ['resume'] })).url ?? '');
    const missing = await server.call(
      `${base}/sharable/file?link=${withFiles}&applicationId=${ids[0]}&fileId=00000000-0000-4000-8000-000000000000`,
    );
    expect(missing.status).toBe(404);
  });
});

// Last in the file: it spends this client's minute of verdicts.
describe('reviewers who confirm an email address', () => {
  it('a link that requires it takes verdicts only with a confirmed address, which the verdicts then carry', async () => {
    const { create, share, ids, as } = await setup();
    const shortlist = await create();
    const link = await share(shortlist.id, { requireEmail: true, label: 'Panel' });
    expect(link.requireEmail).toBe(true);
    const token = tokenOf(link.url ?? '');
    const shared: SharedShortlist = (await server.call(`${base}/sharable/view?link=${token}`)).body.result.data;
    expect(shared.requireEmail).toBe(true);
    const verdict = (extra: Record<string, unknown> = {}) =>
      server.call(`${base}/sharable/verdict`, {
        body: { link: token, applicationId: ids[0], visitorName: 'Meera', verdict: 'yes', ...extra },
      });
    // Without a confirmed address: refused, and nothing saved.
    const refused = await verdict();
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toBe(SHORTLIST_MESSAGES.emailRequired);
    expect((await verdict({ reviewerToken: 'made-up-token' })).status).toBe(403);

    const email = `meera.${Math.random().toString(36).slice(2)}@panel.example`;
    const sent = await server.call(`${base}/sharable/email/code`, {
      body: { link: token, email: email.toUpperCase() },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The code goes out by mail through the outbox (no inbox row: the address has no account).
    const codeOf = async () => {
      const rows = await server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientEmail, email), eq(notifications.kind, 'shortlist.reviewerCode')));
      const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      expect(latest?.inApp).toBe(false);
      const [delivery] = await server.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, latest?.id ?? ''));
      expect(delivery?.channel).toBe('email');
      return latest?.payload.code ?? '';
    };
    const code = await codeOf();
    expect(code).toMatch(/^[0-9]{6}$/);
    const confirm = (body: Record<string, unknown>) =>
      server.call(`${base}/sharable/email/confirm`, { body: { link: token, email, ...body } });
    const wrong = await confirm({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.exception.error.fields[0]).toMatchObject({
      field: 'code',
      message: SHORTLIST_MESSAGES.codeWrong,
    });
    // A code is good for its link only.
    const other = await share(shortlist.id, { requireEmail: true });
    const elsewhere = await server.call(`${base}/sharable/email/confirm`, {
      body: { link: tokenOf(other.url ?? ''), email, code },
    });
    expect(elsewhere.status).toBe(400);
    const confirmed = await confirm({ code });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.result.data.email).toBe(email);
    const reviewerToken: string = confirmed.body.result.data.reviewerToken;
    // Used once.
    expect((await confirm({ code })).status).toBe(400);
    // Its token does not work on another link.
    const otherVerdict = await server.call(`${base}/sharable/verdict`, {
      body: {
        link: tokenOf(other.url ?? ''),
        applicationId: ids[0],
        visitorName: 'Meera',
        verdict: 'yes',
        reviewerToken,
      },
    });
    expect(otherVerdict.status).toBe(403);

    const saved = await verdict({ reviewerToken, comment: 'Clear thinker' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.data).toMatchObject({ visitorName: 'Meera', visitorEmail: email });
    // The organization sees the address beside the verdict.
    const users: ShortlistUsers = (await as('owner', `${base}/id/users?id=${shortlist.id}`)).body.result.data;
    expect(users.items[0]?.verdicts[0]).toMatchObject({ visitorEmail: email, linkLabel: 'Panel' });
  });

  it('the exports carry the notes’ and verdicts’ text (with the confirmed address) beside their counts', async () => {
    const { create, share, ids, as, opening } = await setup();
    const shortlist = await create();
    const token = tokenOf((await share(shortlist.id, { label: 'Panel' })).url ?? '');
    const note = await as('owner', `${base}/notes`, {
      body: { openingId: opening.id, applicationId: ids[0], body: '=Strong on SQL, asked about, relocation' },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    const verdict = await server.call(`${base}/sharable/verdict`, {
      body: { link: token, applicationId: ids[0], visitorName: 'Priya', verdict: 'yes', comment: 'Hire' },
    });
    expect(verdict.status).toBe(200);
    for (const path of [
      `/api/organization/openings/id/applications/export?id=${opening.id}&format=csv`,
      `${base}/id/export?id=${shortlist.id}&format=csv`,
    ]) {
      const csv = await as('owner', path);
      expect(csv.status).toBe(200);
      const text = (csv.body as string).replace(/^\uFEFF/, '');
      const header = text.split('\r\n')[0]?.split(',') ?? [];
      expect(header).toEqual(expect.arrayContaining(['Notes', 'Note text', 'Share-link verdicts']));
      // Quoted because of its commas; the author and the day before it.
      expect(text).toMatch(/"[^"]* \(\d{4}-\d{2}-\d{2}\): =Strong on SQL, asked about, relocation"/);
      expect(text).toContain('Priya (Panel): Yes — Hire');
    }
  });

  it('limits codes: a few an hour to one address through a link, five tries per code, and codes lapse', async () => {
    const { create, share } = await setup();
    const shortlist = await create();
    const token = tokenOf((await share(shortlist.id, { requireEmail: true })).url ?? '');
    const email = `limit.${Math.random().toString(36).slice(2)}@panel.example`;
    for (let i = 0; i < SHORTLIST_LIMITS.emailCodesPerAddressPerHour; i++) {
      const sent = await server.call(`${base}/sharable/email/code`, { body: { link: token, email } });
      expect(sent.status, `code ${i}`).toBe(200);
      // Past the per-client minute, the per-address hour is what refuses (counted in the database).
      await server.db.execute(
        sql`update share_link_reviewers set created_at = created_at - interval '2 minutes' where email = ${email}`,
      );
    }
    const over = await server.call(`${base}/sharable/email/code`, { body: { link: token, email } });
    expect(over.status).toBe(429);
    expect(over.body.exception.error.message).toBe(SHORTLIST_MESSAGES.codesPerAddress);

    // Five wrong tries use the code up, even the right one after them.
    await server.db.execute(
      sql`update share_link_reviewers set created_at = now() - interval '2 hours' where email = ${email}`,
    );
    await server.call(`${base}/sharable/email/code`, { body: { link: token, email } });
    for (let i = 0; i < SHORTLIST_LIMITS.emailCodeAttempts; i++) {
      const tried = await server.call(`${base}/sharable/email/confirm`, {
        body: { link: token, email, code: '999999' },
      });
      expect(tried.status).toBe(400);
    }
    const latest = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientEmail, email), eq(notifications.kind, 'shortlist.reviewerCode')));
    const code = latest.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.payload.code ?? '';
    const usedUp = await server.call(`${base}/sharable/email/confirm`, { body: { link: token, email, code } });
    expect(usedUp.status).toBe(400);
    expect(usedUp.body.exception.error.fields[0].message).toBe(SHORTLIST_MESSAGES.codeExpired);

    // A lapsed code is refused.
    await server.call(`${base}/sharable/email/code`, { body: { link: token, email: `lapsed.${email}` } });
    await server.db.execute(sql`update share_link_reviewers set code_expires_at = now() - interval '1 second'
      where email = ${`lapsed.${email}`}`);
    const lapsed = await server.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientEmail, `lapsed.${email}`), eq(notifications.kind, 'shortlist.reviewerCode')),
      );
    const lapsedCode = lapsed[0]?.payload.code ?? '';
    const refused = await server.call(`${base}/sharable/email/confirm`, {
      body: { link: token, email: `lapsed.${email}`, code: lapsedCode },
    });
    expect(refused.status).toBe(400);
    // Bad input names the field.
    const badEmail = await server.call(`${base}/sharable/email/code`, {
      body: { link: token, email: 'not-an-address' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.exception.error.fields[0].field).toBe('email');
    const badCode = await server.call(`${base}/sharable/email/confirm`, { body: { link: token, email, code: '12ab' } });
    expect(badCode.body.exception.error.fields[0].field).toBe('code');
  });
});

describe('verdicts per client (issue 39)', () => {
  it('one client gets at most its minute’s verdicts, in the envelope', async () => {
    const { create, share, ids } = await setup(1);
    const shortlist = await create();
    const token = tokenOf((await share(shortlist.id)).url ?? '');
    const answers: number[] = [];
    for (let i = 0; i <= SHORTLIST_LIMITS.verdictsPerClientPerMinute; i++) {
      const answer = await server.call(`${base}/sharable/verdict`, {
        body: { link: token, applicationId: ids[0], visitorName: `Visitor ${i}`, verdict: 'yes' },
      });
      answers.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.exception.error).toEqual({
          code: 'RATE_LIMITED',
          message: SHORTLIST_MESSAGES.verdictsPerClient,
        });
      }
    }
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(answers.at(-1)).toBe(429);
  });
});
