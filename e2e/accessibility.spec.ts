import type { Page } from '@playwright/test';
import { PATHS } from '../apps/web/src/app/paths';
import { expectNoAxeViolations } from './support/axe';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

/**
 * Every route of `apps/web/src/app/paths.ts`, as each kind of visitor sees it, and the dialogs opened from them, pass
 * axe's WCAG 2.2 AA rules (issue 40): a new path lands in PATHS, so it is scanned here without anyone remembering to.
 */
const everyPath = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree as Record<string, unknown>).flatMap(everyPath);
// Signing out ends the session the other pages need: it is scanned signed out, where it lands at once.
const ROUTES = everyPath(PATHS).filter((path) => path !== PATHS.signOut);

/** Waits until the page shows its heading and nothing is loading, then scans it. */
async function scan(page: Page, path: string, who: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, `${path} (${who})`);
}

for (const who of ['signed out', 'organization', 'student'] as const) {
  test(`every page passes axe: ${who}`, async ({ page }) => {
    // About 35 pages, each scanned whole: minutes on a busy machine.
    test.setTimeout(900_000);
    if (who === 'organization') await signInAsOrganization(page, 'Axe Works');
    if (who === 'student') await signInAsStudent(page, 'Asha Verma');
    for (const path of who === 'signed out' ? [...ROUTES, PATHS.signOut] : ROUTES) await scan(page, path, who);
  });
}

test('the dialogs of the pipeline pass axe: stages, release confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Axe Dialogs');
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: token },
    data: openingInput('Axe analyst'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  await page.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await pipeline.getByRole('button', { name: 'Stages' }).click();
  const editor = page.getByRole('dialog', { name: 'Stages' });
  await expect(editor.getByRole('list', { name: 'Stages' })).toBeVisible();
  await expectNoAxeViolations(page, 'the stages editor', editor);
  await editor.getByRole('switch', { name: 'Show rejections to applicants' }).click();
  const release = page.getByRole('dialog', { name: 'Tell rejected applicants?' });
  await expect(release).toBeVisible();
  await expectNoAxeViolations(page, 'the release confirmation', release);
});

/**
 * The recruiter's views and every dialog they open, with candidates in them (issue 40: "keep an axe scan of every
 * page and open dialog"): the pipelines page, the table, the candidate panel and its reject dialog, the templates,
 * the board, the ranking with its breakdown and recipe editor, the builder with unsaved changes; then the apply form
 * after a failed submit (error summary) and its confirmation.
 */
test('the recruiter’s views and dialogs, and the apply form’s error and confirmation states, pass axe', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await signInAsOrganization(page, 'Axe Pipelines');
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: token },
    data: openingInput('Axe engineer', {
      form: {
        sections: [
          {
            id: 'about',
            title: 'About you',
            fields: [
              { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
              {
                id: 'shift',
                type: 'singleChoice',
                label: 'Preferred shift',
                required: true,
                options: [
                  { id: 'day', label: 'Day' },
                  { id: 'night', label: 'Night' },
                ],
              },
            ],
          },
        ],
      },
    } as never),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  // A student meets the error summary, then sends and reads the confirmation.
  const student = await (await browser.newContext()).newPage();
  await signInAsStudent(student, 'Asha Verma');
  await student.goto(`/forms/${openingId}`);
  const form = student.getByRole('form', { name: 'Application form' });
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(student.getByTestId('apply-error-summary')).toBeVisible();
  await expectNoAxeViolations(student, 'the apply form with its error summary');
  await form.getByRole('radio', { name: 'Day' }).check();
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(student.getByTestId('application-confirmation')).toBeVisible();
  await expectNoAxeViolations(student, 'the application confirmation');
  await student.context().close();

  await scan(page, '/shortlisting', 'organization with an opening');
  await page.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await expect(page.getByRole('status').filter({ hasText: '1 application' })).toBeVisible();
  await expectNoAxeViolations(page, 'the responses table');

  await page.getByRole('button', { name: 'Open the application of Asha Verma' }).click();
  const panel = page.getByRole('dialog', { name: 'Asha Verma' });
  await expect(panel.getByRole('region', { name: 'Ratings' })).toBeVisible();
  await expectNoAxeViolations(page, 'the candidate panel', panel);
  await panel.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this candidate' });
  await expect(reject.getByRole('textbox', { name: 'Reason' })).toBeVisible();
  await expectNoAxeViolations(page, 'the reject dialog', reject);
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Close' }).click();

  await pipeline.getByRole('button', { name: 'Templates' }).click();
  const templates = page.getByRole('dialog', { name: 'Message templates' });
  await expect(templates.getByText('No templates yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'the templates dialog', templates);
  await templates.getByRole('button', { name: 'Close' }).click();

  await pipeline.getByRole('button', { name: 'Board' }).click();
  await expect(page.getByRole('region', { name: 'Pipeline board' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the board');

  await page.getByRole('button', { name: 'Ranking' }).click();
  await page.getByRole('button', { name: 'Set a ranking recipe' }).click();
  const recipe = page.getByRole('dialog', { name: 'Ranking recipe' });
  await expect(recipe.getByRole('combobox', { name: 'Add a criterion' })).toBeVisible();
  await expectNoAxeViolations(page, 'the recipe editor', recipe);
  await page.keyboard.press('Escape');
  const ranking = page.getByRole('table', { name: 'Candidates in rank order' });
  await ranking.getByRole('button', { name: 'Score breakdown of Asha Verma' }).click();
  const breakdown = page.getByRole('dialog', { name: /Asha Verma/ });
  await expect(breakdown.getByRole('region', { name: 'Ratings' })).toBeVisible();
  await expectNoAxeViolations(page, 'the score breakdown', breakdown);
  await breakdown.getByRole('button', { name: 'Close' }).click();

  // The builder with unsaved changes: the orange chip's text must keep its contrast.
  await page.goto('/organization/createOpening');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Unsaved opening');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await expectNoAxeViolations(page, 'the opening editor with unsaved changes');
});
