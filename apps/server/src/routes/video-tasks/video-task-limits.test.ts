import { VIDEO_LIMITS, VIDEO_TASK_MESSAGES } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoInvitation } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const taskInput = (title: string) => ({
  title,
  prompt: '<p>Tell us why.</p>',
  preparationSeconds: 0,
  maxAnswerSeconds: 15,
  takesAllowed: 2,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
});

describe('video task limits (issue 39)', () => {
  it('caps the live tasks of an opening; a removed task makes room; other openings are counted apart', async () => {
    const s = await videoSetup(server);
    const create = (openingId: string, title: string) =>
      s.as('owner', '/api/organization/videoTasks', { body: { openingId, ...taskInput(title) } });
    const ids: string[] = [];
    for (let i = 0; i < VIDEO_LIMITS.liveTasksPerOpening; i++) {
      const created = await create(s.opening.id, `Task ${i}`);
      expect(created.status).toBe(200);
      ids.push(created.body.result.data.id);
    }
    const refused = await create(s.opening.id, 'One too many');
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: VIDEO_TASK_MESSAGES.tooManyTasks,
      fields: [{ field: 'openingId', message: VIDEO_TASK_MESSAGES.tooManyTasks }],
    });
    expect((await create(s.other.id, 'On another opening')).status).toBe(200);

    expect((await s.as('owner', `/api/organization/videoTasks?id=${ids[0]}`, { method: 'DELETE' })).status).toBe(200);
    expect((await create(s.opening.id, 'After a removal')).status).toBe(200);
    expect((await create(s.opening.id, 'Full again')).status).toBe(400);
  });

  it('the export has a column per live task and per removed task with answers, none for other removed tasks', async () => {
    const s = await videoSetup(server);
    const create = async (title: string) => {
      const created = await s.as('owner', '/api/organization/videoTasks', {
        body: { openingId: s.opening.id, ...taskInput(title) },
      });
      expect(created.status).toBe(200);
      return created.body.result.data.id as string;
    };
    const remove = async (id: string) =>
      expect((await s.as('owner', `/api/organization/videoTasks?id=${id}`, { method: 'DELETE' })).status).toBe(200);
    const live = await create('Live task');
    const answered = await create('Removed but answered');
    await seedVideoInvitation(server.db, answered, s.candidate.id);
    await answerTask(server, s, 'candidate', answered);
    await remove(answered);
    // Tasks made and removed again without answers, as a busy editor would: they leave no trace in the export.
    for (let i = 0; i < 5; i++) await remove(await create(`Removed, unanswered ${i}`));

    const csv = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${s.opening.id}&format=csv`,
      { headers: { authorization: s.tokens.owner } },
    );
    expect(csv.status).toBe(200);
    const header = (await csv.text()).split('\r\n')[0] ?? '';
    const videoColumns = header.split(',').filter((name) => name.startsWith('Video: '));
    expect(videoColumns).toEqual(['Video: Live task (average score)', 'Video: Removed but answered (average score)']);
    expect(live).toBeTruthy();
  });
});
