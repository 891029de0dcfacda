import type { CellNotice, NoticeReceiptPage } from '@placely/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { type PlacementFixture, seedPlacementFixture } from '../../test/placement-fixture';

let server: TestServer;
let fx: PlacementFixture;
let rootToken: string;
beforeAll(async () => {
  server = await startTestServer();
  fx = await seedPlacementFixture(server.db);
  rootToken = await server.tokenFor(fx.rootId);
}, 180_000);
afterAll(() => server?.close());

const idOf = (key: string) => fx.students[key]?.id as number;
const keysOf = (ids: number[]) =>
  Object.entries(fx.students)
    .filter(([, student]) => student.id !== null && ids.includes(student.id))
    .map(([key]) => key)
    .sort();

async function post(body: Record<string, unknown>, token = rootToken) {
  return server.call('/api/placement/cycles/notices', {
    token,
    body: { cycleId: fx.cycleId, title: 'Notice', body: 'Read this.', ...body },
  });
}

async function recipientsOf(noticeId: string): Promise<string[]> {
  const result = (await server.db.execute(
    sql`select user_id from cycle_notice_receipts where notice_id = ${noticeId}::uuid`,
  )) as unknown as { rows: Array<{ user_id: string | number }> };
  return keysOf(result.rows.map((row) => Number(row.user_id)));
}

describe('notice audiences, resolved in SQL (the hand-counted fixture)', () => {
  it('all: every student of the cycle with an account (s10 has none yet)', async () => {
    const res = await post({ audience: { kind: 'all' } });
    expect(res.status).toBe(200);
    const notice: CellNotice = res.body.result.data;
    expect(notice.recipients).toBe(10);
    expect(await recipientsOf(notice.id)).toEqual([
      's01',
      's02',
      's03',
      's04',
      's05',
      's06',
      's07',
      's08',
      's09',
      's11',
    ]);
  });

  it('filter: by branch, by programme (any case), by status, and all of them at once', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ kind: 'filter', branchIds: [fx.branches.ece] }, ['s04', 's05', 's06']],
      [{ kind: 'filter', degrees: ['mba'] }, ['s07', 's08', 's09']],
      [{ kind: 'filter', statuses: ['available'] }, ['s01', 's03', 's04', 's08', 's09', 's11']],
      [{ kind: 'filter', statuses: ['placed', 'debarred'] }, ['s02', 's06', 's07']],
      [
        { kind: 'filter', branchIds: [fx.branches.cse], degrees: ['B.Tech'], statuses: ['available'] },
        ['s01', 's03', 's11'],
      ],
      [{ kind: 'filter' }, ['s01', 's02', 's03', 's04', 's05', 's06', 's07', 's08', 's09', 's11']],
    ];
    for (const [audience, expected] of cases) {
      const res = await post({ audience });
      expect(res.status, JSON.stringify(audience)).toBe(200);
      expect(await recipientsOf(res.body.result.data.id), JSON.stringify(audience)).toEqual(expected);
    }
  });

  it("stage: the candidates now in one stage of one of the cycle's openings, withdrawn ones left out", async () => {
    const offered = await post({
      audience: { kind: 'stage', openingId: fx.openings.O1, stageId: fx.stageOf('O1', 'offered') },
    });
    expect(await recipientsOf(offered.body.result.data.id)).toEqual(['s02', 's09']);
    // s06 applied to O1 and withdrew: still in the Applied stage's row, but not a candidate.
    const applied = await post({
      audience: { kind: 'stage', openingId: fx.openings.O1, stageId: fx.stageOf('O1', 'applied') },
    });
    expect(await recipientsOf(applied.body.result.data.id)).toEqual(['s01']);
    const shortlist = await post({
      title: 'Shortlist published',
      audience: { kind: 'stage', openingId: fx.openings.O3, stageId: fx.stageOf('O3', 'shortlisted') },
    });
    expect(await recipientsOf(shortlist.body.result.data.id)).toEqual(['s09']);
  });

  it("lists a cycle opening's stages to the cell with the candidates a notice to each would reach", async () => {
    const res = await server.call(`/api/placement/openings/stages?openingId=${fx.openings.O1}`, { token: rootToken });
    expect(res.status).toBe(200);
    const stages: Array<{ id: string; name: string; candidates: number }> = res.body.result.data.items;
    const byId = new Map(stages.map((stage) => [stage.id, stage.candidates]));
    expect(byId.get(fx.stageOf('O1', 'offered'))).toBe(2);
    expect(byId.get(fx.stageOf('O1', 'applied'))).toBe(1);
    // An opening in no cycle is not the cell's to list; to students and companies the cycle does not exist (cycles are
    // the cell's); signed out, 401.
    const outside = await server.call('/api/placement/openings/stages?openingId=00000000-0000-4000-8000-000000000000', {
      token: rootToken,
    });
    expect(outside.status).toBe(404);
    for (const token of [await server.tokenFor(fx.companies.A), await server.tokenFor(idOf('s02'))]) {
      const refused = await server.call(`/api/placement/openings/stages?openingId=${fx.openings.O1}`, { token });
      expect(refused.status).toBe(404);
    }
    expect((await server.call(`/api/placement/openings/stages?openingId=${fx.openings.O1}`)).status).toBe(401);
  });

  it('refuses audiences outside the cycle, naming the field', async () => {
    const outside = await post({
      audience: { kind: 'stage', openingId: fx.openings.X1, stageId: fx.stageOf('X1', 'hired') },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.exception.error.fields).toEqual([{ field: 'audience.openingId', message: expect.any(String) }]);
    const wrongStage = await post({
      audience: { kind: 'stage', openingId: fx.openings.O1, stageId: fx.stageOf('O2', 'hired') },
    });
    expect(wrongStage.body.exception.error.fields[0].field).toBe('audience.stageId');
    const foreignBranch = await post({
      audience: { kind: 'filter', branchIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(foreignBranch.status).toBe(400);
    expect(foreignBranch.body.exception.error.fields[0].field).toBe('audience.branchIds');
    const badStatus = await post({ audience: { kind: 'filter', statuses: ['graduated'] } });
    expect(badStatus.status).toBe(400);
  });
});

describe('notices reach students in-app and by mail, and the cell sees who read and acknowledged', () => {
  it('notifies per preferences, lets students read and acknowledge, counts receipts', async () => {
    // s08 turned this kind's mail off: in-app only.
    await server.db.execute(sql`insert into notification_preferences (user_id, kind, in_app, email)
      values (${idOf('s08')}, 'placement.notice', true, false)`);
    const file = (
      (await server.db.execute(sql`insert into files (owner_id, purpose, name, content_type, size, storage_key, status)
        values (${fx.rootId}, 'application', 'Schedule.pdf', 'application/pdf', 1234, ${`notice-${Date.now()}`}, 'ready')
        returning id`)) as unknown as { rows: Array<{ id: string }> }
    ).rows[0]?.id as string;
    const res = await post({
      title: 'Pre-placement talk',
      body: 'Be in the main auditorium at 10:00.',
      audience: { kind: 'filter', degrees: ['MBA'] },
      attachmentFileIds: [file],
      requiresAck: true,
    });
    expect(res.status).toBe(200);
    const notice: CellNotice = res.body.result.data;
    expect(notice).toMatchObject({
      title: 'Pre-placement talk',
      requiresAck: true,
      recipients: 3,
      read: 0,
      acknowledged: 0,
      createdByName: 'Cell Root',
      attachments: [{ id: file, name: 'Schedule.pdf', contentType: 'application/pdf', size: 1234 }],
    });

    const rows = (await server.db.execute(sql`select n.recipient_id, n.kind, n.link, n.payload,
        (select count(*)::int from notification_deliveries d where d.notification_id = n.id) as mails
      from notifications n where n.dedupe_key like ${`placement.notice:${notice.id}:%`}
      order by n.recipient_id`)) as unknown as {
      rows: Array<{ recipient_id: string; kind: string; link: string; payload: Record<string, string>; mails: number }>;
    };
    expect(rows.rows.map((row) => [keysOf([Number(row.recipient_id)])[0], row.mails])).toEqual([
      ['s07', 1],
      ['s08', 0],
      ['s09', 1],
    ]);
    expect(rows.rows[0]?.link).toBe(`/student/cycles?cycle=${fx.cycleId}&notice=${notice.id}`);
    expect(rows.rows[0]?.payload).toMatchObject({ noticeTitle: 'Pre-placement talk', requiresAck: 'yes' });

    // The student's list: only their own notices; the attachment opens for them and not for someone it did not reach.
    const s07 = await server.tokenFor(idOf('s07'));
    const s01 = await server.tokenFor(idOf('s01'));
    const list = await server.call(`/api/placement/my/notices?cycleId=${fx.cycleId}`, { token: s07 });
    expect(list.status).toBe(200);
    expect(list.body.result.data.items.map((item: { id: string }) => item.id)).toContain(notice.id);
    const mine = list.body.result.data.items.find((item: { id: string }) => item.id === notice.id);
    expect(mine).toMatchObject({ cycleName: 'Final placements 2026-27', readAt: null, acknowledgedAt: null });
    expect((await server.call(`/api/files/${file}/link`, { token: s07 })).status).toBe(200);
    expect([403, 404]).toContain((await server.call(`/api/files/${file}/link`, { token: s01 })).status);
    const s01List = await server.call(`/api/placement/my/notices?cycleId=${fx.cycleId}`, { token: s01 });
    expect(s01List.body.result.data.items.map((item: { id: string }) => item.id)).not.toContain(notice.id);

    // Reading and acknowledging: s01 was not in the audience (404); s07 reads then acknowledges; s08 acknowledges.
    expect(
      (await server.call('/api/placement/my/notices/read', { token: s01, body: { noticeId: notice.id } })).status,
    ).toBe(404);
    const read = await server.call('/api/placement/my/notices/read', { token: s07, body: { noticeId: notice.id } });
    expect(read.status).toBe(200);
    expect(read.body.result.data.readAt).not.toBeNull();
    expect(read.body.result.data.acknowledgedAt).toBeNull();
    const ack = await server.call('/api/placement/my/notices/acknowledge', {
      token: s07,
      body: { noticeId: notice.id },
    });
    expect(ack.body.result.data.acknowledgedAt).not.toBeNull();
    expect(ack.body.result.data.readAt).toBe(read.body.result.data.readAt);
    const s08 = await server.tokenFor(idOf('s08'));
    await server.call('/api/placement/my/notices/acknowledge', { token: s08, body: { noticeId: notice.id } });

    const receipts = async (show: string) =>
      (
        await server.call(`/api/placement/cycles/notices/receipts?noticeId=${notice.id}&show=${show}`, {
          token: rootToken,
        })
      ).body.result.data as NoticeReceiptPage;
    const all = await receipts('all');
    expect(all).toMatchObject({ recipients: 3, read: 2, acknowledged: 2, total: 3, nextOffset: null });
    expect((await receipts('unacknowledged')).items.map((item) => keysOf([item.userId])[0])).toEqual(['s09']);
    expect((await receipts('read')).total).toBe(2);
    const paged = await server.call(`/api/placement/cycles/notices/receipts?noticeId=${notice.id}&limit=2`, {
      token: rootToken,
    });
    expect(paged.body.result.data.items).toHaveLength(2);
    expect(paged.body.result.data.nextOffset).toBe(2);

    const cellList = await server.call(`/api/placement/cycles/notices?cycleId=${fx.cycleId}`, { token: rootToken });
    expect(cellList.body.result.data.items[0]).toMatchObject({
      id: notice.id,
      recipients: 3,
      read: 2,
      acknowledged: 2,
    });
  });

  it('refuses acknowledging a notice that does not ask for it, and attachments that are not the poster’s', async () => {
    const plain = (await post({ audience: { kind: 'filter', degrees: ['MBA'] } })).body.result.data as CellNotice;
    const s09 = await server.tokenFor(idOf('s09'));
    expect(
      (await server.call('/api/placement/my/notices/acknowledge', { token: s09, body: { noticeId: plain.id } })).status,
    ).toBe(409);
    const foreign = (
      (await server.db.execute(sql`insert into files (owner_id, purpose, name, content_type, size, storage_key, status)
        values (${idOf('s09')}, 'application', 'Mine.pdf', 'application/pdf', 1, ${`foreign-${Date.now()}`}, 'ready')
        returning id`)) as unknown as { rows: Array<{ id: string }> }
    ).rows[0]?.id as string;
    const refused = await post({ audience: { kind: 'all' }, attachmentFileIds: [foreign] });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields[0].field).toBe('attachmentFileIds.0');
  });

  it('only the cell posts and follows notices; students and companies are refused', async () => {
    const company = await server.tokenFor(fx.companies.A);
    const student = await server.tokenFor(idOf('s02'));
    for (const token of [company, student]) {
      expect((await post({ audience: { kind: 'all' } }, token)).status).toBe(403);
      expect((await server.call(`/api/placement/cycles/notices?cycleId=${fx.cycleId}`, { token })).status).toBe(403);
    }
    expect((await server.call('/api/placement/cycles/notices', { body: {} })).status).toBe(401);
    expect((await server.call('/api/placement/my/notices')).status).toBe(401);
  });
});
