import type { VideoAnswerView } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoTask } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('video scores are blind like ratings (issue #40, defect 3)', () => {
  it("a reviewer sees others' scores on an answer, in the watch page and the list, only after scoring it", async () => {
    const s = await videoSetup(server);
    const task = await seedVideoTask(server.db, { openingId: s.opening.id, askAtApply: true });
    const answerId = await answerTask(server, s, 'candidate', task.id);
    const score = (who: 'owner' | 'reviewer', value: number) =>
      s.as(who, '/api/videoAnswer/scores', {
        method: 'PUT',
        body: {
          answerId,
          scores: [
            { itemId: 'clarity', score: value },
            { itemId: 'depth', score: value },
          ],
        },
      });
    expect((await score('owner', 5)).status).toBe(200);

    const watched = async () =>
      (await s.as('reviewer', `/api/videoAnswer?answer=${answerId}`)).body.result.data as VideoAnswerView;
    const listed = async () =>
      (await s.as('reviewer', `/api/organization/videoTasks/answers?taskId=${task.id}`)).body.result.data.items[0];
    const before = await watched();
    expect(before.averages).toEqual([]);
    expect(before.averageScore).toBeNull();
    expect(before.myScores).toEqual([]);
    expect((await listed()).averageScore).toBeNull();
    // The owner gave theirs: they see the average.
    expect((await s.as('owner', `/api/videoAnswer?answer=${answerId}`)).body.result.data.averageScore).toBe(5);

    expect((await score('reviewer', 3)).status).toBe(200);
    const after = await watched();
    expect(after.averageScore).toBe(4);
    expect(after.averages).toEqual([
      { itemId: 'clarity', average: 4, count: 2 },
      { itemId: 'depth', average: 4, count: 2 },
    ]);
    expect((await listed()).averageScore).toBe(4);
  });
});
