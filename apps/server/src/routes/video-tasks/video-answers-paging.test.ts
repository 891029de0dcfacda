import type { VideoAnswerView } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoAnswers, seedVideoTask } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the answers of a task, beyond 100', () => {
  it('pages with a keyset cursor; /watch goes next and previous across page boundaries', async () => {
    const s = await videoSetup(server);
    const task = await seedVideoTask(server.db, { openingId: s.opening.id, askAtApply: true });
    const ids = await seedVideoAnswers(server.db, { taskId: task.id, count: 105 });
    const path = `/api/organization/videoTasks/answers?taskId=${task.id}`;

    const first = await s.as('reviewer', path);
    expect(first.status).toBe(200);
    expect(first.body.result.data.items).toHaveLength(100);
    expect(first.body.result.data.nextCursor).toEqual(expect.any(String));
    const second = await s.as('reviewer', `${path}&cursor=${encodeURIComponent(first.body.result.data.nextCursor)}`);
    expect(second.body.result.data.items).toHaveLength(5);
    expect(second.body.result.data.nextCursor).toBeNull();
    const listed = [...first.body.result.data.items, ...second.body.result.data.items].map(
      (row: { id: string }) => row.id,
    );
    expect(listed).toEqual(ids);

    // Smaller pages, through every tie, give the same order with nothing twice.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await s.as('owner', `${path}&limit=7${query}`);
      expect(page.status).toBe(200);
      walked.push(...page.body.result.data.items.map((row: { id: string }) => row.id));
      cursor = page.body.result.data.nextCursor;
    } while (cursor);
    expect(walked).toEqual(ids);

    // The last answer of page one and the first of page two are neighbours on /watch.
    const lastOfFirst: VideoAnswerView = (await s.as('reviewer', `/api/videoAnswer?answer=${ids[99]}`)).body.result
      .data;
    expect(lastOfFirst.nextAnswerId).toBe(ids[100]);
    expect(lastOfFirst.previousAnswerId).toBe(ids[98]);
    const firstOfSecond: VideoAnswerView = (await s.as('reviewer', `/api/videoAnswer?answer=${ids[100]}`)).body.result
      .data;
    expect(firstOfSecond.previousAnswerId).toBe(ids[99]);

    // Bad paging input is a 400 naming the field; other organizations see nothing.
    const bad = await s.as('owner', `${path}&cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.exception.error.fields[0].field).toBe('cursor');
    const tooMany = await s.as('owner', `${path}&limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.exception.error.fields[0].field).toBe('limit');
    expect((await s.as('stranger', path)).status).toBe(404);
    expect((await s.as('elsewhere', path)).status).toBe(403);
    expect((await s.as('anon', path)).status).toBe(401);
  });
});
