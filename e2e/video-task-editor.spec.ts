import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
const baseArgs = config.use?.launchOptions?.args ?? [];
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const ALT = 'A bar chart of monthly sales';
/** A 3-second WebM (Chromium's MediaRecorder) as the organization's prompt video, and its captions. */
const PROMPT_VIDEO = fileURLToPath(new URL('../apps/server/src/test/fixtures/recorded-3s.webm', import.meta.url));
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome to Clip Hiring.\n';

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test('the organization adds a task with a prompt image, edits its limits and deadline, and deletes it; the candidate sees each change', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = 'Read the chart';
  await signInAsOrganization(page, 'Chart Hiring');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingInput('Data analyst'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const candidate = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAsStudent(candidate, 'Ravi Menon');
  const applied = await candidate.request.post('/api/placements/campus/apply', {
    headers: { Authorization: await tokenOf(candidate) },
    data: { openingId, idempotencyKey: `e2e-video-editor-${Date.now()}`, answers: { name: 'Ravi Menon' } },
  });
  expect(applied.ok()).toBe(true);

  // Add the task with an image above the question.
  await page.goto(`/organization/openings?opening=${openingId}`);
  const section = page.getByRole('region', { name: 'Video tasks' });
  await section.getByRole('button', { name: 'Add a video task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a video task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Question' }).fill('What does this chart tell you?');
  await dialog.getByLabel(/Prompt image/).setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  const alt = dialog.getByRole('textbox', { name: 'Image description (alt text)' });
  await expect(alt).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add task' })).toBeDisabled(); // alt text is required
  await alt.fill(ALT);
  await dialog.getByRole('spinbutton', { name: 'Longest answer (seconds)' }).fill('15');
  await dialog.getByRole('spinbutton', { name: 'Takes allowed' }).fill('2');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Video task added')).toBeVisible();
  await section.getByRole('combobox', { name: 'Invite everyone in stage' }).click();
  await page.getByRole('option', { name: 'Applied' }).click();
  await section.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('1 candidate invited')).toBeVisible();

  // The candidate sees the image (public bytes, alt text) and the limits.
  await candidate.goto('/forms');
  await candidate.getByRole('link', { name: new RegExp(title) }).click();
  await expect(candidate.getByRole('heading', { name: title })).toBeVisible();
  const image = candidate.getByRole('img', { name: ALT });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
  await expect(candidate.getByText(/Answer length up to 15 s · 2 takes/)).toBeVisible();
  await expect(candidate.getByText('2 takes left')).toBeVisible();
  const taskUrl = candidate.url();

  // The organization edits: longer answers, three takes, a deadline already passed.
  const edit = async (changes: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await section.getByRole('button', { name: `Edit video task ${title}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit video task' });
    await expect(editor.getByRole('img', { name: ALT })).toBeVisible();
    await changes(editor);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Video task saved')).toBeVisible();
    await expect(editor).toBeHidden();
  };
  await edit(async (editor) => {
    await editor.getByRole('spinbutton', { name: 'Longest answer (seconds)' }).fill('45');
    await editor.getByRole('spinbutton', { name: 'Takes allowed' }).fill('3');
    await editor.getByLabel('Deadline (optional)').fill('2020-01-01T10:00');
  });
  await candidate.goto(taskUrl);
  await expect(candidate.getByText(/Answer length up to 45 s · 3 takes/)).toBeVisible();
  await expect(candidate.getByText('The deadline for this task has passed.')).toBeVisible();
  await expect(candidate.getByText('3 takes left')).toBeHidden();

  // A later deadline re-opens answering.
  const nextYear = new Date().getFullYear() + 1;
  await edit(async (editor) => {
    await editor.getByLabel('Deadline (optional)').fill(`${nextYear}-06-30T17:00`);
  });
  await candidate.goto(taskUrl);
  await expect(candidate.getByText('3 takes left')).toBeVisible();
  await expect(candidate.getByText(new RegExp(`due .*${nextYear}`))).toBeVisible();

  // The edits are in the audit trail.
  await page.goto('/organization/activity');
  await expect(page.getByText(/Video task edited: “?Read the chart”? \(.*deadline/).first()).toBeVisible();
  await page.goto(`/organization/openings?opening=${openingId}`);

  // Deleting from the editor: the candidate's link no longer opens the task.
  await section.getByRole('button', { name: `Edit video task ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit video task' });
  await editor.getByRole('button', { name: 'Delete task' }).click();
  await editor.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(section.getByText('No video tasks yet.')).toBeVisible();
  await candidate.goto(taskUrl);
  await expect(candidate.getByText('This video task does not exist or is no longer open.')).toBeVisible();
});

test('the organization adds a prompt video with captions; the candidate watches it above the question', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = 'Watch the welcome';
  await signInAsOrganization(page, 'Clip Hiring');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingInput('Support engineer'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const candidate = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAsStudent(candidate, 'Meera Iyer');
  const applied = await candidate.request.post('/api/placements/campus/apply', {
    headers: { Authorization: await tokenOf(candidate) },
    data: { openingId, idempotencyKey: `e2e-video-prompt-${Date.now()}`, answers: { name: 'Meera Iyer' } },
  });
  expect(applied.ok()).toBe(true);

  await page.goto(`/organization/openings?opening=${openingId}`);
  const section = page.getByRole('region', { name: 'Video tasks' });
  await section.getByRole('button', { name: 'Add a video task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a video task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Question' }).fill('After the video: how would you help this customer?');
  await dialog.getByLabel(/Prompt video/).setInputFiles(PROMPT_VIDEO);
  await expect(dialog.getByLabel('Prompt video preview')).toBeVisible();
  // With a video chosen, no image can be added as well.
  await expect(dialog.getByLabel(/Prompt image/)).toHaveCount(0);
  await dialog
    .getByLabel(/^Captions/)
    .setInputFiles({ name: 'welcome.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
  await expect(dialog.getByText('Captions added.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Video task added')).toBeVisible();
  await section.getByRole('combobox', { name: 'Invite everyone in stage' }).click();
  await page.getByRole('option', { name: 'Applied' }).click();
  await section.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('1 candidate invited')).toBeVisible();

  // The candidate sees the video above the question, with captions, and it plays from the public URL.
  await candidate.goto('/forms');
  await candidate.getByRole('link', { name: new RegExp(title) }).click();
  await expect(candidate.getByRole('heading', { name: title })).toBeVisible();
  const video = candidate.getByLabel(`Video for ${title}`);
  await expect(video).toBeVisible();
  expect(await video.getAttribute('controls')).not.toBeNull();
  const track = video.locator('track[kind="captions"]');
  await expect(track).toHaveCount(1);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  // The captions load as a text track and carry the cue.
  await video.evaluate((element: HTMLVideoElement) => {
    const textTrack = element.textTracks[0];
    if (textTrack) textTrack.mode = 'showing';
  });
  await expect
    .poll(() =>
      video.evaluate(
        (element: HTMLVideoElement) =>
          element.textTracks[0]?.cues?.[0] && (element.textTracks[0].cues[0] as VTTCue).text,
      ),
    )
    .toBe('Welcome to Clip Hiring.');
  const captionsUrl = (await track.getAttribute('src')) ?? '';

  // The organization removes the captions: they are no longer served, and the candidate's page shows none.
  await section.getByRole('button', { name: `Edit video task ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit video task' });
  await editor.getByRole('button', { name: 'Remove captions' }).click();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Video task saved')).toBeVisible();
  expect((await candidate.request.get(captionsUrl)).status()).toBe(404);
  await candidate.reload();
  await expect(candidate.getByLabel(`Video for ${title}`)).toBeVisible();
  await expect(candidate.getByLabel(`Video for ${title}`).locator('track')).toHaveCount(0);
});
