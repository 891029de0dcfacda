import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import config from '../playwright.config';
import { fullChromium } from '../scripts/chromium.mjs';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
const baseArgs = config.use?.launchOptions?.args ?? [];
/** A 3-second WebM Chromium's MediaRecorder made (the server's tests use it too). */
const RECORDED = fileURLToPath(new URL('../apps/server/src/test/fixtures/recorded-3s.webm', import.meta.url));

/** An organization with an open opening and one applicant (both through the API; each has its own browser test). */
async function openingWithApplicant(page: Page, browser: Browser, title: string, applicantName: string) {
  await signInAsOrganization(page, 'Studio Hiring');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingInput(title),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const candidate = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAsStudent(candidate, applicantName);
  const applied = await candidate.request.post('/api/placements/campus/apply', {
    headers: { Authorization: await tokenOf(candidate) },
    data: { openingId, idempotencyKey: `e2e-video-${Date.now()}`, answers: { name: applicantName } },
  });
  expect(applied.ok()).toBe(true);
  return { openingId, candidate };
}

/** The organization adds a task in the responses view and invites everyone in Applied. */
async function addTaskAndInvite(page: Page, openingId: string, title: string) {
  await page.goto(`/organization/openings?opening=${openingId}`);
  const section = page.getByRole('region', { name: 'Video tasks' });
  await section.getByRole('button', { name: 'Add a video task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a video task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Question' }).fill('Tell us about a project you are proud of.');
  await dialog.getByRole('spinbutton', { name: 'Preparation (seconds)' }).fill('0');
  await dialog.getByRole('spinbutton', { name: 'Longest answer (seconds)' }).fill('15');
  await dialog.getByRole('spinbutton', { name: 'Takes allowed' }).fill('2');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Video task added')).toBeVisible();
  await section.getByRole('combobox', { name: 'Invite everyone in stage' }).click();
  await page.getByRole('option', { name: 'Applied' }).click();
  await section.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('1 candidate invited')).toBeVisible();
}

/** The candidate finds the task on /forms and opens it. */
async function openPendingTask(candidate: Page, title: string) {
  await candidate.goto('/forms');
  await candidate.getByRole('link', { name: new RegExp(title) }).click();
  await expect(candidate.getByRole('heading', { name: title })).toBeVisible();
}

async function recordTake(candidate: Page, seconds: number) {
  await candidate.getByRole('button', { name: 'Start recording' }).click();
  await expect(candidate.getByRole('timer')).toHaveText(new RegExp(`Recording ${seconds} s`), {
    timeout: 15_000,
  });
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await expect(candidate.getByText('Take saved')).toBeVisible({ timeout: 30_000 });
}

// Chromium's generated camera and microphone, and the permission prompt answered yes.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

test.describe('with a camera (Chromium’s generated stream)', () => {
  test('an organization adds a task; the candidate records, retakes once and submits; the organization watches, seeks, scores and comments; the score shows in the responses view and the CSV', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const title = 'Project walkthrough';
    const { openingId, candidate } = await openingWithApplicant(page, browser, 'Product designer', 'Nisha Rao');
    await addTaskAndInvite(page, openingId, title);

    await openPendingTask(candidate, title);
    await expect(candidate.getByLabel('Camera preview')).toBeVisible();
    await expect(candidate.getByText('2 takes left')).toBeVisible();
    await recordTake(candidate, 5);
    await expect(candidate.getByText('1 take left')).toBeVisible();
    await expect(candidate.getByLabel('Play back your latest take')).toBeVisible();
    // Retake once: the second take replaces the first.
    await recordTake(candidate, 5);
    await expect(candidate.getByText('No takes are left for this task.')).toBeVisible();
    await expect(candidate.getByText(/Saved take: \d s \(2 of 2 used\)/)).toBeVisible();
    await candidate.getByRole('button', { name: 'Submit answer' }).click();
    await expect(candidate.getByText('Your answer was submitted.')).toBeVisible();

    // The organization opens the answer from the responses view.
    await page.goto(`/organization/openings?opening=${openingId}`);
    const answers = page.getByRole('table', { name: 'Video answers' });
    await expect(answers.getByRole('cell', { name: 'Nisha Rao' })).toBeVisible();
    await answers.getByRole('link', { name: 'Watch' }).click();
    await expect(page).toHaveURL(/\/watch\?answer=/);
    const player = page.getByLabel('Answer of Nisha Rao');
    await expect(player).toBeVisible();
    // Seek to 3 s: the browser asks the signed link for a byte range.
    const ranged = page.waitForResponse(
      (response) => response.url().includes('/api/files/download') && response.status() === 206,
    );
    const at = await player.evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < 1)
        await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      element.currentTime = 3;
      await seeked;
      return element.currentTime;
    });
    expect(at).toBeGreaterThanOrEqual(2.5);
    await ranged;

    await page.getByRole('radio', { name: 'Communication: 4' }).check();
    await page.getByRole('radio', { name: 'Relevance: 5' }).check();
    await page.getByRole('button', { name: 'Save scores' }).click();
    await expect(page.getByText('Scores saved')).toBeVisible();
    await expect(page.getByTestId('average-score')).toHaveText('Average of all reviewers: 4.5');
    await page.getByRole('textbox', { name: 'Comment at the current moment' }).fill('Clear structure here');
    await page.getByRole('button', { name: 'Add comment' }).click();
    const comment = page
      .getByRole('list', { name: 'Comments' })
      .getByRole('button', { name: /0:0[23] — Clear structure here/ });
    await expect(comment).toBeVisible();
    await player.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 0;
    });
    await comment.click();
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(2);

    // The average shows in the responses view and in the CSV export.
    await page.goto(`/organization/openings?opening=${openingId}`);
    await expect(page.getByTestId('video-average')).toHaveText('4.5');
    const csv = await page.request.get(`/api/organization/openings/id/applications/export?id=${openingId}&format=csv`, {
      headers: { Authorization: await tokenOf(page) },
    });
    expect(csv.ok()).toBe(true);
    const [header, row] = (await csv.text()).split('\r\n');
    const column = (header ?? '').split(',').indexOf(`Video: ${title} (average score)`);
    expect(column).toBeGreaterThan(0);
    expect((row ?? '').split(',')[column]).toBe('4.5');

    // The organization weighs the task's scores in its ranking recipe, and the breakdown shows the answer's average.
    await page.getByRole('button', { name: 'Ranking' }).click();
    await page.getByRole('button', { name: 'Set a ranking recipe' }).click();
    const recipe = page.getByRole('dialog', { name: 'Ranking recipe' });
    await recipe.getByRole('combobox', { name: 'Add a criterion' }).click();
    await page.getByRole('option', { name: 'Video task score' }).click();
    await expect(recipe.getByRole('combobox', { name: 'Video task' })).toContainText(title);
    await recipe.getByRole('button', { name: 'Save and re-rank' }).click();
    await expect(page.getByText('Ranking recipe saved')).toBeVisible();
    const ranked = page.getByRole('table', { name: 'Candidates in rank order' });
    await ranked.getByRole('button', { name: 'Score breakdown of Nisha Rao' }).click();
    const breakdown = page.getByRole('dialog', { name: /Nisha Rao: rank 1/ });
    await expect(breakdown.getByRole('row').filter({ hasText: `${title} video score` })).toContainText('4.5 of 5');
  });
});

test.describe('without a camera', () => {
  test('the candidate is told recording is not possible and completes the task by uploading a file', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(180_000);
    // The candidate's own browser has no fake UI: its camera prompt is refused, as when a person denies it. Full
    // Chromium, as the headless shell has no prompt to refuse (it fails getUserMedia with another error).
    const denying = await playwright.chromium.launch({
      executablePath: fullChromium(),
      args: [...baseArgs, '--use-fake-device-for-media-stream'],
    });
    test.info().annotations.push({ type: 'camera', description: 'denied' });
    const title = 'Introduce yourself';
    const { openingId, candidate } = await openingWithApplicant(page, denying, 'Support engineer', 'Kabir Das');
    await addTaskAndInvite(page, openingId, title);

    await openPendingTask(candidate, title);
    await expect(
      candidate.getByText('Camera and microphone access was denied, so you cannot record here.'),
    ).toBeVisible();
    await expect(candidate.getByText('You can upload a video file instead.')).toBeVisible();
    await candidate.getByLabel('Video file (MP4, WebM or MOV)').setInputFiles(RECORDED);
    await expect(candidate.getByText('Take saved')).toBeVisible({ timeout: 30_000 });
    await candidate.getByRole('button', { name: 'Submit answer' }).click();
    await expect(candidate.getByText('Your answer was submitted.')).toBeVisible();

    await page.goto(`/organization/openings?opening=${openingId}`);
    await expect(
      page.getByRole('table', { name: 'Video answers' }).getByRole('cell', { name: 'Kabir Das' }),
    ).toBeVisible();
  });
});
