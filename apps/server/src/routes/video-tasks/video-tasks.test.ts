import type { VideoAnswerView, VideoTaskPage } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, videoTasks } from '../../db/schema';
import { seedVideoInvitation, seedVideoTask } from '../../seed/helpers';
import { sendVideoTaskReminder } from '../../services/video/tasks';
import { startTestServer, type TestServer } from '../../test/harness';
import { answerTask, generatedMp4, recordedWebm, uploadAs, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const taskInput = {
  title: 'Why this role?',
  prompt: '<p>Tell us why.</p><script>alert(1)</script>',
  preparationSeconds: 10,
  maxAnswerSeconds: 15,
  takesAllowed: 2,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [
    { id: 'clarity', label: 'Clarity' },
    { id: 'motivation', label: 'Motivation' },
  ],
};

const setup = () => videoSetup(server);
type Setup = Awaited<ReturnType<typeof setup>>;
const answer = (s: Setup, who: 'candidate' | 'applicant', taskId: string) => answerTask(server, s, who, taskId);

describe('tasks (organization side)', () => {
  it('owners and coordinators create; reviewers, other organizations, candidates and the signed out cannot', async () => {
    const s = await setup();
    const body = { openingId: s.opening.id, ...taskInput };
    expect((await s.as('anon', '/api/organization/videoTasks', { body })).status).toBe(401);
    expect((await s.as('stranger', '/api/organization/videoTasks', { body })).status).toBe(404);
    expect((await s.as('candidate', '/api/organization/videoTasks', { body })).status).toBe(404);
    expect((await s.as('reviewer', '/api/organization/videoTasks', { body })).status).toBe(403);
    const created = await s.as('coordinator', '/api/organization/videoTasks', { body });
    expect(created.status).toBe(200);
    expect(created.body.result.data.prompt).toBe('<p>Tell us why.</p>');
    expect((await s.as('owner', '/api/organization/videoTasks', { body })).status).toBe(200);
    const list = await s.as('reviewer', `/api/organization/videoTasks?openingId=${s.opening.id}`);
    expect(list.status).toBe(200);
    expect(list.body.result.data.items).toHaveLength(2);
    expect(list.body.result.data.abilities.manage).toBe(false);
    expect((await s.as('elsewhere', `/api/organization/videoTasks?openingId=${s.opening.id}`)).status).toBe(403);
    const bad = await s.as('owner', '/api/organization/videoTasks', { body: { ...body, maxAnswerSeconds: 5 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('maxAnswerSeconds');
  });

  it('invites everyone in a stage once, notifying each in the same transaction', async () => {
    const s = await setup();
    const created = await s.as('owner', '/api/organization/videoTasks', {
      body: { openingId: s.opening.id, ...taskInput, deadline: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    });
    const taskId = created.body.result.data.id;
    const pipeline = await s.as('owner', `/api/organization/shortlisting/stages?openingId=${s.opening.id}`);
    const applied = pipeline.body.result.data.stages.find((stage: { kind: string }) => stage.kind === 'applied');
    expect(
      (await s.as('reviewer', '/api/organization/videoTasks/invite', { body: { taskId, stageId: applied.id } })).status,
    ).toBe(403);
    const invited = await s.as('owner', '/api/organization/videoTasks/invite', {
      body: { taskId, stageId: applied.id },
    });
    expect(invited.status).toBe(200);
    expect(invited.body.result.data.invited).toBe(2);
    const again = await s.as('owner', '/api/organization/videoTasks/invite', { body: { taskId, stageId: applied.id } });
    expect(again.body.result.data.invited).toBe(0);
    const rows = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, s.candidate.id), eq(notifications.kind, 'videoTask.invited')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.link).toBe(`/UploadVideoForTask?task=${taskId}`);
    // The 24 h reminder waits in the queue (pg-boss sendAfter), one job per invited person.
    const jobs = await server.db.execute(
      sql`select data->>'userId' as user_id, start_after from pgboss.job where name = 'video-task-reminder' and data->>'taskId' = ${taskId}`,
    );
    const rows2 = (jobs as unknown as { rows: { user_id: string; start_after: Date | string }[] }).rows;
    expect(rows2.map((row) => Number(row.user_id)).sort()).toEqual([s.candidate.id, s.applicant.id].sort());
    const due = new Date(rows2[0]?.start_after ?? 0).getTime();
    expect(Math.abs(due - (Date.now() + 2 * 86_400_000))).toBeLessThan(120_000);
    // The job's work: a reminder to who has not submitted, nothing once the deadline moved.
    const deadline = created.body.result.data.deadline as string;
    expect(await sendVideoTaskReminder(server.db, { taskId, userId: s.candidate.id, deadline })).toBe(true);
    expect(
      await sendVideoTaskReminder(server.db, { taskId, userId: s.candidate.id, deadline: new Date().toISOString() }),
    ).toBe(false);
    const reminders = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, s.candidate.id), eq(notifications.kind, 'videoTask.reminder')));
    expect(reminders).toHaveLength(1);

    const pending = await s.as('candidate', '/api/videoTasks/pending');
    expect(pending.body.result.data.items.map((item: { taskId: string }) => item.taskId)).toContain(taskId);
    const foreign = await s.as('owner', '/api/organization/videoTasks/invite', {
      body: { taskId, applicationIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(foreign.status).toBe(400);
  });
});

describe('answering (/UploadVideoForTask)', () => {
  it('shows the task and organization signed out; only invited candidates answer', async () => {
    const s = await setup();
    const task = await seedVideoTask(server.db, { openingId: s.opening.id });
    await seedVideoInvitation(server.db, task.id, s.candidate.id);
    const page = await s.as('anon', `/api/videoTask?task=${task.id}`);
    expect(page.status).toBe(200);
    const data: VideoTaskPage = page.body.result.data;
    expect(data.organization.name).toContain('Video Org');
    expect(data.viewer).toBeNull();
    const outsiderPage: VideoTaskPage = (await s.as('outsider', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(outsiderPage.viewer?.canAnswer).toBe(false);
    const upload = await uploadAs(server, s.tokens.outsider, await recordedWebm());
    const refused = await s.as('outsider', '/api/videoTask/take', {
      body: { taskId: task.id, fileId: upload.fileId, source: 'recording' },
    });
    expect(refused.status).toBe(403);
    // An applicant of the opening is not invited to a later task either.
    const applicantPage: VideoTaskPage = (await s.as('applicant', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(applicantPage.viewer?.canAnswer).toBe(false);
    const mine: VideoTaskPage = (await s.as('candidate', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(mine.viewer).toMatchObject({ canAnswer: true, takesLeft: 2, answer: null });
  });

  it('asked at apply time: every applicant answers without an invitation', async () => {
    const s = await setup();
    const task = await seedVideoTask(server.db, { openingId: s.opening.id, askAtApply: true });
    await answer(s, 'applicant', task.id);
    const upload = await uploadAs(server, s.tokens.outsider, await recordedWebm());
    const refused = await s.as('outsider', '/api/videoTask/take', {
      body: { taskId: task.id, fileId: upload.fileId, source: 'recording' },
    });
    expect(refused.status).toBe(403);
  });

  it('reads the length from the container, counts takes, keeps the limit and the deadline', async () => {
    const s = await setup();
    const task = await seedVideoTask(server.db, {
      openingId: s.opening.id,
      takesAllowed: 2,
      maxAnswerSeconds: 15,
      allowUpload: false,
    });
    await seedVideoInvitation(server.db, task.id, s.candidate.id);
    const take = async (source: 'recording' | 'upload', bytes?: Buffer) => {
      const upload = await uploadAs(server, s.tokens.candidate, bytes ?? (await recordedWebm()));
      expect(upload.status).toBe(200);
      return s.as('candidate', '/api/videoTask/take', { body: { taskId: task.id, fileId: upload.fileId, source } });
    };
    const first = await take('recording');
    expect(first.status).toBe(200);
    expect(first.body.result.data.takesUsed).toBe(1);
    expect(first.body.result.data.take.durationSeconds).toBeGreaterThan(2.5);
    expect(first.body.result.data.take.durationSeconds).toBeLessThan(4);
    expect(first.body.result.data.take.contentType).toBe('video/webm');
    // Retrying the same file counts nothing.
    const retry = await s.as('candidate', '/api/videoTask/take', {
      body: { taskId: task.id, fileId: first.body.result.data.take.fileId, source: 'recording' },
    });
    expect(retry.body.result.data.takesUsed).toBe(1);
    expect((await take('upload')).status).toBe(403); // uploads not allowed on this task
    const tooLong = await take('recording', await generatedMp4(20));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.exception.error.fields[0].field).toBe('fileId');
    const second = await take('recording');
    expect(second.body.result.data.takesUsed).toBe(2);
    const third = await take('recording');
    expect(third.status).toBe(403);
    expect(third.body.exception.error.message).toBe('No takes are left for this task.');
    expect((await s.as('candidate', '/api/videoTask/submit', { body: { taskId: task.id } })).status).toBe(200);
    expect((await s.as('candidate', '/api/videoTask/submit', { body: { taskId: task.id } })).status).toBe(403);

    const late = await seedVideoTask(server.db, { openingId: s.opening.id, deadline: new Date(Date.now() - 1000) });
    await seedVideoInvitation(server.db, late.id, s.candidate.id);
    const upload = await uploadAs(server, s.tokens.candidate, await recordedWebm());
    const refused = await s.as('candidate', '/api/videoTask/take', {
      body: { taskId: late.id, fileId: upload.fileId, source: 'recording' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toBe('The deadline for this task has passed.');
  });

  it('refuses bytes that are not video, in one request and through tus, and accepts mp4 uploads', async () => {
    const s = await setup();
    const text = Buffer.from('this is not a video at all, just some text pretending');
    expect((await uploadAs(server, s.tokens.candidate, text)).status).toBe(415);
    const big = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(300 * 1024, 7)]);
    const refused = await uploadAs(server, s.tokens.candidate, big);
    expect(refused.status).toBe(415);
    expect(String(refused.body)).toContain('not a video');
    const mp4 = await uploadAs(server, s.tokens.candidate, await generatedMp4(2), 'video', 'clip.mov');
    expect(mp4.status).toBe(200);
    const file = await s.as('candidate', `/api/files/${mp4.fileId}`);
    expect(file.body.result.data.contentType).toBe('video/mp4');
  });
});

describe('watching (/watch) and scoring', () => {
  it('the candidate and the organization watch; nobody else; range requests answer 206 and 416', async () => {
    const s = await setup();
    const task = await seedVideoTask(server.db, { openingId: s.opening.id });
    await seedVideoInvitation(server.db, task.id, s.candidate.id);
    const answerId = await answer(s, 'candidate', task.id);
    const path = `/api/videoAnswer?answer=${answerId}`;
    expect((await s.as('anon', path)).status).toBe(401);
    expect((await s.as('outsider', path)).status).toBe(404);
    expect((await s.as('applicant', path)).status).toBe(404);
    expect((await s.as('stranger', path)).status).toBe(404);
    expect((await s.as('elsewhere', path)).status).toBe(403);
    const own: VideoAnswerView = (await s.as('candidate', path)).body.result.data;
    expect(own.abilities.score).toBe(false);
    expect(own.comments).toEqual([]);
    const view = await s.as('reviewer', path);
    expect(view.status).toBe(200);
    const data: VideoAnswerView = view.body.result.data;
    expect(data.abilities.score).toBe(true);
    expect(data.candidateName).toBe('Candidate One');
    const size = (await recordedWebm()).length;
    const ranged = await fetch(`${server.baseUrl}${data.videoUrl}`, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(ranged.headers.get('content-type')).toBe('video/webm');
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const tail = await fetch(`${server.baseUrl}${data.videoUrl}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const outside = await fetch(`${server.baseUrl}${data.videoUrl}`, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${size}`);
    const whole = await fetch(`${server.baseUrl}${data.videoUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
  });

  it('scores are kept per reviewer and averaged; comments are time-stamped; the candidate cannot score', async () => {
    const s = await setup();
    const task = await seedVideoTask(server.db, { openingId: s.opening.id, askAtApply: true });
    const first = await answer(s, 'candidate', task.id);
    const second = await answer(s, 'applicant', task.id);
    const score = (
      who: 'owner' | 'reviewer' | 'candidate' | 'coordinator',
      answerId: string,
      clarity: number,
      depth: number,
    ) =>
      s.as(who, '/api/videoAnswer/scores', {
        method: 'PUT',
        body: {
          answerId,
          scores: [
            { itemId: 'clarity', score: clarity },
            { itemId: 'depth', score: depth },
          ],
        },
      });
    expect((await score('candidate', first, 5, 5)).status).toBe(403);
    expect((await score('owner', first, 4, 2)).status).toBe(200);
    const byReviewer = await score('reviewer', first, 5, 5);
    expect(byReviewer.status).toBe(200);
    const view: VideoAnswerView = byReviewer.body.result.data;
    expect(view.myScores).toEqual([
      { itemId: 'clarity', score: 5 },
      { itemId: 'depth', score: 5 },
    ]);
    expect(view.averages).toEqual([
      { itemId: 'clarity', average: 4.5, count: 2 },
      { itemId: 'depth', average: 3.5, count: 2 },
    ]);
    expect(view.averageScore).toBe(4);
    expect(view.nextAnswerId).toBe(second);
    expect(view.previousAnswerId).toBeNull();
    const unknown = await s.as('owner', '/api/videoAnswer/scores', {
      method: 'PUT',
      body: { answerId: first, scores: [{ itemId: 'nope', score: 3 }] },
    });
    expect(unknown.status).toBe(400);
    const outOfRange = await score('owner', first, 6, 1);
    expect(outOfRange.status).toBe(400);

    const comment = await s.as('coordinator', '/api/videoAnswer/comments', {
      body: { answerId: first, atSeconds: 2.5, body: 'Good example here' },
    });
    expect(comment.status).toBe(200);
    expect(
      (await s.as('candidate', '/api/videoAnswer/comments', { body: { answerId: first, atSeconds: 1, body: 'x' } }))
        .status,
    ).toBe(403);
    const watched: VideoAnswerView = (await s.as('owner', `/api/videoAnswer?answer=${first}`)).body.result.data;
    expect(watched.comments.map((c) => [c.atSeconds, c.body])).toEqual([[2.5, 'Good example here']]);

    const list = await s.as('reviewer', `/api/organization/videoTasks/answers?taskId=${task.id}`);
    expect(list.status).toBe(200);
    expect(
      list.body.result.data.items.map((row: { id: string; averageScore: number | null }) => [row.id, row.averageScore]),
    ).toEqual([
      [first, 4],
      [second, null],
    ]);
    expect((await s.as('stranger', `/api/organization/videoTasks/answers?taskId=${task.id}`)).status).toBe(404);

    // The responses export carries each video task's average score.
    const csv = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${s.opening.id}&format=csv`,
      { headers: { authorization: s.tokens.owner } },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    const column = header.indexOf(`Video: ${task.title} (average score)`);
    expect(column).toBeGreaterThan(0);
    const candidateLine = lines.find((line) => line.startsWith(s.applications[0]?.id ?? '-'));
    expect(candidateLine?.split(',')[column]).toBe('4');

    // A rubric item removed later stops counting everywhere the average shows: the answer, the list and the export
    // (the ranking's video criterion already did: ranking.test.ts).
    await server.db
      .update(videoTasks)
      .set({ rubric: [{ id: 'clarity', label: 'Clarity' }] })
      .where(eq(videoTasks.id, task.id));
    const rewatched: VideoAnswerView = (await s.as('owner', `/api/videoAnswer?answer=${first}`)).body.result.data;
    expect(rewatched.averageScore).toBe(4.5);
    const relisted = await s.as('owner', `/api/organization/videoTasks/answers?taskId=${task.id}`);
    expect(relisted.body.result.data.items[0]).toMatchObject({ id: first, averageScore: 4.5, reviewers: 2 });
    const reexported = await fetch(
      `${server.baseUrl}/api/organization/openings/id/applications/export?id=${s.opening.id}&format=csv`,
      { headers: { authorization: s.tokens.owner } },
    );
    const relines = (await reexported.text()).split('\r\n');
    expect(relines.find((line) => line.startsWith(s.applications[0]?.id ?? '-'))?.split(',')[column]).toBe('4.5');

    // Deleting the task keeps what was submitted.
    expect((await s.as('reviewer', `/api/organization/videoTasks?id=${task.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    expect((await s.as('owner', `/api/organization/videoTasks?id=${task.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(
      (await s.as('owner', `/api/organization/videoTasks/answers?taskId=${task.id}`)).body.result.data.items,
    ).toHaveLength(2);
    expect((await s.as('candidate', `/api/videoAnswer?answer=${first}`)).status).toBe(200);
    expect((await s.as('anon', `/api/videoTask?task=${task.id}`)).status).toBe(404);
  });
});
