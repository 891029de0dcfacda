import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, openingInput, signInAsOrganization, test } from './support/fixtures';
import { applyAs, individualOverHttp, pageOf } from './support/http-people';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

/** A task as the API takes it (the editor has its own browser test, video-task-editor.spec.ts). */
const task = (openingId: string, title: string, askAtApply: boolean) => ({
  openingId,
  title,
  prompt: '<p>Tell us about a project you are proud of.</p>',
  preparationSeconds: 0,
  maxAnswerSeconds: 60,
  takesAllowed: 2,
  deadline: null,
  allowUpload: false,
  askAtApply,
  rubric: [{ id: 'clarity', label: 'Clarity' }],
});

test('the organization selects two candidates in the responses table and invites them to a video task; they see it, the third does not', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Select Hiring');
  const auth = { Authorization: await tokenOf(page) };
  const created = await page.request.post('/api/organization/openings', {
    headers: auth,
    data: openingInput('Field engineer', { openingsCount: 2 }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  for (const [title, askAtApply] of [
    ['Site walkthrough', false],
    ['Hello at apply', true],
  ] as const) {
    const added = await page.request.post('/api/organization/videoTasks', {
      headers: auth,
      data: task(openingId, title, askAtApply),
    });
    expect(added.ok(), await added.text()).toBe(true);
  }

  const names = ['Anil Kapoor', 'Bela Sen', 'Chitra Rao'];
  const people = [];
  for (const name of names) {
    const person = await individualOverHttp(name);
    await applyAs(person, openingId, name);
    people.push(person);
  }

  // Select two in the responses table and invite them from the toolbar.
  await page.goto(`/organization/openings?opening=${openingId}`);
  const table = page.getByRole('table', { name: 'Applications to Field engineer' });
  await expect(table.getByRole('row')).toHaveCount(4, { timeout: 30_000 });
  await table.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await table.getByRole('checkbox', { name: `Select ${names[2]}` }).check();
  await page.getByRole('button', { name: 'Invite to a video task…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite 2 selected candidates' });
  await dialog.getByRole('combobox', { name: 'Video task' }).click();
  // A task asked at apply needs no invitation: only the other is offered.
  const options = page.getByRole('listbox', { name: 'Video task' }).getByRole('option');
  await expect(options).toHaveText(['Site walkthrough']);
  await options.first().click();
  await expectNoAxeViolations(page, 'the invite dialog', dialog);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('2 candidates invited')).toBeVisible();
  await expect(dialog).toBeHidden();
  const tasks = page.getByRole('region', { name: 'Video tasks' });
  await expect(tasks).toContainText('Site walkthrough');
  await expect(tasks).toContainText('2 invited · 0 answered');

  // The two invited find the task on /forms and can open it.
  for (const index of [0, 2]) {
    const candidate = await pageOf(browser, people[index] as (typeof people)[number]);
    await candidate.goto('/forms');
    const link = candidate.getByRole('link', { name: 'Site walkthrough — Field engineer' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await link.click();
    await expect(candidate.getByRole('heading', { name: 'Site walkthrough' })).toBeVisible({ timeout: 30_000 });
    await expect(candidate.getByText('Tell us about a project you are proud of.')).toBeVisible();
    await candidate.context().close();
  }
  // The one not selected has only the task every applicant answers.
  const left = people[1] as (typeof people)[number];
  const pending = await left.request.get('/api/videoTasks/pending', { headers: { Authorization: left.token } });
  expect(pending.ok()).toBe(true);
  expect((await pending.json()).result.data.items.map((item: { title: string }) => item.title)).toEqual([
    'Hello at apply',
  ]);

  for (const person of people) await person.request.dispose();
});
