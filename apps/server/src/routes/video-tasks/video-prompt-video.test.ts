import type { VideoTask, VideoTaskPage } from '@placely/contract';
import { VIDEO_TASK_MESSAGES } from '@placely/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { generatedMp4, recordedWebm, uploadAs, videoSetup } from './video-test-support';

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
const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello, and welcome.\n');
const taskInput = {
  title: 'Watch, then answer',
  prompt: '<p>What would you do?</p>',
  preparationSeconds: 0,
  maxAnswerSeconds: 30,
  takesAllowed: 2,
  deadline: null,
  allowUpload: true,
  askAtApply: false,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
};
const base = '/api/organization/videoTasks';
const publicStatus = async (fileId: string) => (await fetch(`${server.baseUrl}/api/files/${fileId}/public`)).status;
const stored = async (fileId: string) => (await server.db.select().from(files).where(eq(files.id, fileId))).length;

describe('a prompt video with captions on a video task', () => {
  it('is recognised by content, captions by their WEBVTT header; both public while the task shows them', async () => {
    const s = await videoSetup(server);
    // Not a video; a captions file without the WEBVTT signature; an image is not captions.
    const notVideo = await uploadAs(server, s.tokens.coordinator, Buffer.from('not a video'), 'videoPrompt', 'a.mp4');
    expect(notVideo.status).toBe(415);
    expect((notVideo.body as any).exception.error.message).toBe(VIDEO_TASK_MESSAGES.notPromptVideo);
    const srt = Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n');
    expect((await uploadAs(server, s.tokens.coordinator, srt, 'videoCaptions', 'a.vtt')).status).toBe(415);
    expect((await uploadAs(server, s.tokens.coordinator, png, 'videoCaptions', 'a.vtt')).status).toBe(415);
    // Its own small size limit, checked before the bytes are stored.
    const huge = Buffer.concat([vtt, Buffer.alloc(257 * 1024, 0x20)]);
    expect((await uploadAs(server, s.tokens.coordinator, huge, 'videoCaptions', 'big.vtt')).status).toBe(413);

    const video = await uploadAs(server, s.tokens.coordinator, await recordedWebm(), 'videoPrompt', 'intro.webm');
    expect(video.status).toBe(200);
    const captions = await uploadAs(server, s.tokens.coordinator, vtt, 'videoCaptions', 'intro.vtt');
    expect(captions.status).toBe(200);
    const promptVideo = { fileId: video.fileId as string, captionsFileId: captions.fileId as string };

    // Someone else's file, a file of another purpose, or an image and a video at once: 400 naming the field.
    const others = await s.as('owner', base, { body: { openingId: s.opening.id, ...taskInput, promptVideo } });
    expect(others.status).toBe(400);
    expect(others.body.exception.error.fields[0].field).toBe('promptVideo.fileId');
    const answerVideo = await uploadAs(server, s.tokens.coordinator, await recordedWebm(), 'video');
    const wrongPurpose = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptVideo: { ...promptVideo, fileId: answerVideo.fileId } },
    });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.exception.error.fields[0].field).toBe('promptVideo.fileId');
    const wrongCaptions = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptVideo: { ...promptVideo, captionsFileId: video.fileId } },
    });
    expect(wrongCaptions.status).toBe(400);
    expect(wrongCaptions.body.exception.error.fields[0].field).toBe('promptVideo.captionsFileId');
    const image = await uploadAs(server, s.tokens.coordinator, png, 'videoPromptImage', 'chart.png');
    const both = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptVideo, promptImage: { fileId: image.fileId, alt: 'A' } },
    });
    expect(both.status).toBe(400);
    expect(both.body.exception.error.fields[0]).toEqual({
      field: 'promptVideo',
      message: VIDEO_TASK_MESSAGES.imageOrVideo,
    });

    // Not public before a task shows them.
    expect(await publicStatus(promptVideo.fileId)).toBe(404);
    expect(await publicStatus(promptVideo.captionsFileId)).toBe(404);
    const created = await s.as('coordinator', base, { body: { openingId: s.opening.id, ...taskInput, promptVideo } });
    expect(created.status).toBe(200);
    const task: VideoTask = created.body.result.data;
    expect(task.promptVideo).toEqual({
      fileId: promptVideo.fileId,
      url: `/api/files/${promptVideo.fileId}/public`,
      captions: { fileId: promptVideo.captionsFileId, url: `/api/files/${promptVideo.captionsFileId}/public` },
    });

    // The signed-out answering page shows them; the video streams with ranges, the captions are text/vtt.
    const page: VideoTaskPage = (await s.as('anon', `/api/videoTask?task=${task.id}`)).body.result.data;
    const videoUrl = `${server.baseUrl}${page.task.promptVideo?.url}`;
    const whole = await fetch(videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await fetch(videoUrl, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    expect((await fetch(videoUrl, { headers: { range: `bytes=${size + 5}-` } })).status).toBe(416);
    const track = await fetch(`${server.baseUrl}${page.task.promptVideo?.captions?.url}`);
    expect(track.status).toBe(200);
    expect(track.headers.get('content-type')).toContain('text/vtt');
    expect(await track.text()).toContain('Hello, and welcome.');

    // The owner keeps the coordinator's video and drops the captions: the captions file is deleted, the video stays.
    const { id, createdAt: _c, maxUploadBytes: _m, openingId: _o, promptImage: _i, promptVideo: _v, ...rest } = task;
    const kept = await s.as('owner', base, {
      method: 'PUT',
      body: { id, ...rest, promptVideo: { fileId: promptVideo.fileId, captionsFileId: null } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.result.data.promptVideo.captions).toBeNull();
    expect(await stored(promptVideo.captionsFileId)).toBe(0);
    expect(await publicStatus(promptVideo.captionsFileId)).toBe(404);
    expect(await publicStatus(promptVideo.fileId)).toBe(200);

    // Replaced by the coordinator's image: the video is deleted from storage too.
    const replaced = await s.as('coordinator', base, {
      method: 'PUT',
      body: { id, ...rest, promptVideo: null, promptImage: { fileId: image.fileId, alt: 'A chart' } },
    });
    expect(replaced.status).toBe(200);
    expect(await stored(promptVideo.fileId)).toBe(0);
    expect(await publicStatus(promptVideo.fileId)).toBe(404);
    // The bytes went after commit (the storage key is the file id).
    await expect(server.ctx.storage.readHead(promptVideo.fileId, 4)).rejects.toThrow();
  });

  it('refuses a prompt video longer than the limit (400 naming promptVideo.fileId) ', async () => {
    const s = await videoSetup(server);
    const long = await uploadAs(server, s.tokens.coordinator, await generatedMp4(310), 'videoPrompt', 'long.mp4');
    expect([200, 204]).toContain(long.status);
    const refused = await s.as('coordinator', base, {
      body: { openingId: s.opening.id, ...taskInput, promptVideo: { fileId: long.fileId, captionsFileId: null } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.exception.error.fields[0]).toEqual({
      field: 'promptVideo.fileId',
      message: VIDEO_TASK_MESSAGES.promptVideoTooLong,
    });
  });

  it('a replaced prompt image is deleted, unless another task still shows it', async () => {
    const s = await videoSetup(server);
    const first = await uploadAs(server, s.tokens.coordinator, png, 'videoPromptImage', 'one.png');
    const second = await uploadAs(server, s.tokens.coordinator, png, 'videoPromptImage', 'two.png');
    const promptImage = { fileId: first.fileId as string, alt: 'One' };
    const one = (await s.as('coordinator', base, { body: { openingId: s.opening.id, ...taskInput, promptImage } })).body
      .result.data as VideoTask;
    const two = (await s.as('coordinator', base, { body: { openingId: s.opening.id, ...taskInput, promptImage } })).body
      .result.data as VideoTask;
    const edit = (task: VideoTask, image: { fileId: string; alt: string } | null) => {
      const { createdAt: _c, maxUploadBytes: _m, openingId: _o, promptImage: _i, promptVideo: _v, ...rest } = task;
      return s.as('coordinator', base, { method: 'PUT', body: { ...rest, promptImage: image } });
    };
    // Task one moves to the second image: the first is still shown by task two, so it stays.
    expect((await edit(one, { fileId: second.fileId as string, alt: 'Two' })).status).toBe(200);
    expect(await stored(promptImage.fileId)).toBe(1);
    expect(await publicStatus(promptImage.fileId)).toBe(200);
    // Task two removes it: now nobody shows it, so it is deleted.
    expect((await edit(two, null)).status).toBe(200);
    expect(await stored(promptImage.fileId)).toBe(0);
    expect(await publicStatus(promptImage.fileId)).toBe(404);
    expect(await publicStatus(second.fileId as string)).toBe(200);
  });
});
