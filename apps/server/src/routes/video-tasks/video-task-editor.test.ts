import type { VideoTask, VideoTaskPage } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoInvitation, seedVideoTask } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, generatedMp4, recordedWebm, uploadAs, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const base = '/api/organization/videoTasks';
const edit = (task: VideoTask, changes: Record<string, unknown> = {}) => ({
  id: task.id,
  title: task.title,
  prompt: task.prompt,
  preparationSeconds: task.preparationSeconds,
  maxAnswerSeconds: task.maxAnswerSeconds,
  takesAllowed: task.takesAllowed,
  deadline: task.deadline,
  allowUpload: task.allowUpload,
  askAtApply: task.askAtApply,
  rubric: task.rubric,
  ...changes,
});

async function taskOf(s: Awaited<ReturnType<typeof videoSetup>>, options: Parameters<typeof seedVideoTask>[1]) {
  const row = await seedVideoTask(server.db, options);
  const page = await s.as('anon', `/api/videoTask?task=${row.id}`);
  return page.body.result.data.task as VideoTask;
}

describe('the task editor (PUT /api/organization/videoTasks)', () => {
  it('owners and coordinators edit; reviewers 403, another organization 404, signed out 401', async () => {
    const s = await videoSetup(server);
    const task = await taskOf(s, { openingId: s.opening.id });
    const body = edit(task, { prompt: '<p>New question</p><img src=x onerror=alert(1)>', preparationSeconds: 45 });
    expect((await s.as('anon', base, { method: 'PUT', body })).status).toBe(401);
    expect((await s.as('stranger', base, { method: 'PUT', body })).status).toBe(404);
    expect((await s.as('elsewhere', base, { method: 'PUT', body })).status).toBe(403);
    expect((await s.as('reviewer', base, { method: 'PUT', body })).status).toBe(403);
    expect((await s.as('candidate', base, { method: 'PUT', body })).status).toBe(404);
    const byCoordinator = await s.as('coordinator', base, { method: 'PUT', body });
    expect(byCoordinator.status).toBe(200);
    expect(byCoordinator.body.result.data).toMatchObject({ preparationSeconds: 45 });
    expect(byCoordinator.body.result.data.prompt).not.toContain('onerror');
    const byOwner = await s.as('owner', base, { method: 'PUT', body: edit(task, { takesAllowed: 5 }) });
    expect(byOwner.status).toBe(200);
    // The candidate's page reads the task as it is now.
    const page: VideoTaskPage = (await s.as('anon', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(page.task.takesAllowed).toBe(5);
  });

  it('bad input is a 400 naming the field, one field at a time', async () => {
    const s = await videoSetup(server);
    const task = await taskOf(s, { openingId: s.opening.id });
    const cases: [string, Record<string, unknown>][] = [
      ['prompt', { prompt: 'Tell us\u0000why' }],
      ['title', { title: 'Lone \ud800 surrogate' }],
      ['prompt', { prompt: 'x'.repeat(5001) }],
      ['title', { title: 'x'.repeat(201) }],
      ['maxAnswerSeconds', { maxAnswerSeconds: 601 }],
      ['maxAnswerSeconds', { maxAnswerSeconds: 14 }],
      ['preparationSeconds', { preparationSeconds: 1e12 }],
      ['takesAllowed', { takesAllowed: '3' }],
      ['takesAllowed', { takesAllowed: 0 }],
      ['deadline', { deadline: 'tomorrow' }],
      ['deadline', { deadline: 12 }],
      ['allowUpload', { allowUpload: 'yes' }],
      ['id', { id: 'not-a-uuid' }],
    ];
    for (const [field, change] of cases) {
      const response = await s.as('owner', base, { method: 'PUT', body: edit(task, change) });
      expect(response.status, `${field} ${JSON.stringify(change).slice(0, 60)}`).toBe(400);
      const fields = response.body.exception.error.fields.map((f: { field: string }) => f.field);
      expect(fields, JSON.stringify(change).slice(0, 60)).toContain(field);
    }
    const unknown = await s.as('owner', base, { method: 'PUT', body: { ...edit(task), extra: 1 } });
    expect(unknown.status).toBe(400);
    // Nothing changed.
    const page: VideoTaskPage = (await s.as('anon', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(page.task).toEqual(task);
  });

  it('a shorter limit applies to new answers only; a later deadline re-opens answering', async () => {
    const s = await videoSetup(server);
    const task = await taskOf(s, { openingId: s.opening.id, maxAnswerSeconds: 30, askAtApply: true });
    // Submitted under the old limit: a 20 s upload.
    const kept = await answerTask(server, s, 'candidate', task.id, await generatedMp4(20));
    const shorter = await s.as('owner', base, { method: 'PUT', body: edit(task, { maxAnswerSeconds: 15 }) });
    expect(shorter.status).toBe(200);
    // The answer stays, listed and watchable.
    const list = await s.as('owner', `${base}/answers?taskId=${task.id}`);
    expect(list.body.result.data.items.map((row: { id: string }) => row.id)).toEqual([kept]);
    expect((await s.as('owner', `/api/videoAnswer?answer=${kept}`)).status).toBe(200);
    // A new 20 s take is refused under the new limit.
    const upload = await uploadAs(server, s.tokens.applicant, await generatedMp4(20), 'video', 'long.mp4');
    const refused = await s.as('applicant', '/api/videoTask/take', {
      body: { taskId: task.id, fileId: upload.fileId, source: 'upload' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.message).toContain('15 s');

    // Deadline passed: answering is closed; moved a week ahead: open again.
    const closed = await s.as('owner', base, {
      method: 'PUT',
      body: edit(task, { maxAnswerSeconds: 15, deadline: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(closed.status).toBe(200);
    const closedPage: VideoTaskPage = (await s.as('applicant', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(closedPage.viewer).toMatchObject({ canAnswer: false, reason: 'The deadline for this task has passed.' });
    const reopened = await s.as('owner', base, {
      method: 'PUT',
      body: edit(task, { maxAnswerSeconds: 15, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
    });
    expect(reopened.status).toBe(200);
    const openPage: VideoTaskPage = (await s.as('applicant', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(openPage.viewer?.canAnswer).toBe(true);
    expect(openPage.task.maxAnswerSeconds).toBe(15);
    await answerTask(server, s, 'applicant', task.id);
  });

  it('fewer takes: a take already attached can still be submitted, no new take', async () => {
    const s = await videoSetup(server);
    const task = await taskOf(s, { openingId: s.opening.id, takesAllowed: 3 });
    await seedVideoInvitation(server.db, task.id, s.candidate.id);
    for (let take = 0; take < 2; take++) {
      const upload = await uploadAs(server, s.tokens.candidate, await recordedWebm());
      const attached = await s.as('candidate', '/api/videoTask/take', {
        body: { taskId: task.id, fileId: upload.fileId, source: 'recording' },
      });
      expect(attached.status).toBe(200);
    }
    expect((await s.as('owner', base, { method: 'PUT', body: edit(task, { takesAllowed: 1 }) })).status).toBe(200);
    const page: VideoTaskPage = (await s.as('candidate', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(page.viewer).toMatchObject({ canAnswer: false, takesLeft: 0 });
    expect(page.viewer?.answer?.take).not.toBeNull();
    expect((await s.as('candidate', '/api/videoTask/submit', { body: { taskId: task.id } })).status).toBe(200);
  });

  it('deleting from the editor keeps submitted answers; the deleted task can no longer be edited', async () => {
    const s = await videoSetup(server);
    const task = await taskOf(s, { openingId: s.opening.id, askAtApply: true });
    const kept = await answerTask(server, s, 'candidate', task.id);
    const path = `${base}?id=${task.id}`;
    expect((await s.as('anon', path, { method: 'DELETE' })).status).toBe(401);
    expect((await s.as('stranger', path, { method: 'DELETE' })).status).toBe(404);
    expect((await s.as('reviewer', path, { method: 'DELETE' })).status).toBe(403);
    expect((await s.as('coordinator', path, { method: 'DELETE' })).status).toBe(200);
    expect((await s.as('owner', base, { method: 'PUT', body: edit(task) })).status).toBe(404);
    expect((await s.as('owner', path, { method: 'DELETE' })).status).toBe(404);
    expect((await s.as('owner', `/api/videoAnswer?answer=${kept}`)).status).toBe(200);
    expect((await s.as('candidate', `/api/videoAnswer?answer=${kept}`)).status).toBe(200);
  });
});
