import type { AuditEvent } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const taskInput = {
  title: 'Audited task',
  prompt: '<p>Why?</p>',
  preparationSeconds: 0,
  maxAnswerSeconds: 30,
  takesAllowed: 2,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
};

describe('video tasks in the audit trail', () => {
  it('records created, edited, invited, watched (once per person and answer), scored and deleted', async () => {
    const s = await videoSetup(server);
    const base = '/api/organization/videoTasks';
    const created = await s.as('coordinator', base, { body: { openingId: s.opening.id, ...taskInput } });
    const taskId: string = created.body.result.data.id;
    expect(
      (await s.as('owner', base, { method: 'PUT', body: { id: taskId, ...taskInput, maxAnswerSeconds: 20 } })).status,
    ).toBe(200);
    const invited = await s.as('owner', `${base}/invite`, {
      body: { taskId, applicationIds: [s.applications[0]?.id] },
    });
    expect(invited.body.result.data.invited).toBe(1);
    const answerId = await answerTask(server, s, 'candidate', taskId);
    // Watched twice by the reviewer, once by the owner, and by the candidate (not the organization's act).
    for (const who of ['reviewer', 'reviewer', 'owner', 'candidate'] as const) {
      expect((await s.as(who, `/api/videoAnswer?answer=${answerId}`)).status).toBe(200);
    }
    const scored = await s.as('reviewer', '/api/videoAnswer/scores', {
      method: 'PUT',
      body: { answerId, scores: [{ itemId: 'clarity', score: 4 }] },
    });
    expect(scored.status).toBe(200);
    expect((await s.as('owner', `${base}?id=${taskId}`, { method: 'DELETE' })).status).toBe(200);

    const activity = await s.as('owner', '/api/organization/activity?limit=100');
    expect(activity.status).toBe(200);
    const events: AuditEvent[] = activity.body.result.data.items;
    const video = events.filter((event) => event.kind.startsWith('video')).reverse();
    expect(video.map((event) => [event.kind, event.actor?.name])).toEqual([
      ['videoTask.created', 'Coordinator'],
      ['videoTask.edited', expect.any(String)],
      ['videoTask.invited', expect.any(String)],
      ['videoAnswer.watched', 'Reviewer'],
      ['videoAnswer.watched', expect.any(String)],
      ['videoAnswer.scored', 'Reviewer'],
      ['videoTask.deleted', expect.any(String)],
    ]);
    expect(video.every((event) => event.opening?.id === s.opening.id)).toBe(true);
    expect(video[1]?.details).toMatchObject({ taskId, changed: 'maxAnswerSeconds' });
    expect(video[2]?.details).toMatchObject({ count: 1 });
    expect(video[3]).toMatchObject({ applicationId: s.applications[0]?.id, details: { answerId } });
    // Rubric items by their labels, and the candidate by name (issue 40).
    expect(video[5]?.details).toMatchObject({ scores: 'Clarity 4' });
    expect(video[5]?.summary).toBe(`Video answer scored: Candidate One's answer to “${taskInput.title}” (Clarity 4)`);
    expect(video[3]?.summary).toBe(`Video answer watched: Candidate One's answer to “${taskInput.title}”`);
    // The Activity page's kind filter.
    const watched = await s.as('owner', '/api/organization/activity?kind=videoAnswer.watched');
    expect(watched.body.result.data.items).toHaveLength(2);
  });
});
