import type { VideoTask, VideoTaskPage } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { uploadAs, videoSetup } from './video-test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A real 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const taskInput = {
  title: 'Describe this chart',
  prompt: '<p>What does it tell you?</p>',
  preparationSeconds: 0,
  maxAnswerSeconds: 30,
  takesAllowed: 2,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
};

describe('a prompt image on a video task', () => {
  it('is uploaded by content, needs alt text, is public while the task shows it', async () => {
    const s = await videoSetup(server);
    const base = '/api/organization/videoTasks';
    const notImage = await uploadAs(
      server,
      s.tokens.owner,
      Buffer.from('not an image at all'),
      'videoPromptImage',
      'chart.png',
    );
    expect(notImage.status).toBe(415);
    const image = await uploadAs(server, s.tokens.coordinator, png, 'videoPromptImage', 'chart.png');
    expect(image.status).toBe(200);
    const promptImage = { fileId: image.fileId, alt: 'A bar chart of sales by month' };

    const noAlt = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptImage: { fileId: image.fileId, alt: '  ' } },
    });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.exception.error.fields[0].field).toBe('promptImage.alt');
    // Someone else's file, or another purpose, is refused naming the field.
    const others = await s.as('owner', base, { body: { openingId: s.opening.id, ...taskInput, promptImage } });
    expect(others.status).toBe(400);
    expect(others.body.exception.error.fields[0].field).toBe('promptImage.fileId');
    const poster = await uploadAs(server, s.tokens.coordinator, png, 'videoPoster', 'frame.png');
    const wrongPurpose = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptImage: { ...promptImage, fileId: poster.fileId } },
    });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.exception.error.fields[0].field).toBe('promptImage.fileId');

    // Not public before a task shows it.
    expect((await fetch(`${server.baseUrl}/api/files/${image.fileId}/public`)).status).toBe(404);
    const created = await s.as('coordinator', base, { body: { openingId: s.opening.id, ...taskInput, promptImage } });
    expect(created.status).toBe(200);
    const task: VideoTask = created.body.result.data;
    expect(task.promptImage).toEqual({ ...promptImage, url: `/api/files/${image.fileId}/public` });

    // The signed-out answering page shows it; the bytes are public and typed.
    const page: VideoTaskPage = (await s.as('anon', `/api/videoTask?task=${task.id}`)).body.result.data;
    expect(page.task.promptImage?.alt).toBe('A bar chart of sales by month');
    const served = await fetch(`${server.baseUrl}${page.task.promptImage?.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // The owner edits other fields keeping the coordinator's image; then removes it: no longer public.
    const { id, createdAt: _c, maxUploadBytes: _m, openingId: _o, promptImage: _p, ...rest } = task;
    const kept = await s.as('owner', base, {
      method: 'PUT',
      body: { id, ...rest, promptImage: { fileId: image.fileId, alt: 'Sales by month, a bar chart' } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.result.data.promptImage.alt).toBe('Sales by month, a bar chart');
    const removed = await s.as('owner', base, { method: 'PUT', body: { id, ...rest, promptImage: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.result.data.promptImage).toBeNull();
    expect((await fetch(`${server.baseUrl}/api/files/${image.fileId}/public`)).status).toBe(404);
  });
});
