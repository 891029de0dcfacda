import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signIn, signInAsOrganization, test, uniqueEmail } from './support/fixtures';

/**
 * Issue 43's conditional logic through the real screens only: an organization builds a form whose "Which city?"
 * shows only to those willing to relocate, plus a repeatable group, fixing a mistake from the error summary; one
 * student who will not relocate never sees the question, another who will answers it; the export holds only hers;
 * the Summary tab charts both answers, and filtered to the Shortlisted stage counts only the one moved there.
 */

async function addQuestion(page: Page, type: string, label: string) {
  await page.getByRole('button', { name: 'Add a question to Your details' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const focused = page.locator('input:focus');
  await expect(focused).toHaveAttribute('name', /^form\.sections\.\d+\.fields\.\d+\.label$/);
  await focused.fill(label);
}

test('a question shown by a rule: built in the builder, hidden for one applicant, answered by another', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = `Relocation drive ${Date.now().toString(36)}`;

  await signInAsOrganization(page, 'Logic Labs');
  await page.goto('/organization/createOpening');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await addQuestion(page, 'Yes / No', 'Willing to relocate');
  await addQuestion(page, 'Short text', 'Which city?');
  await page
    .getByRole('group', { name: /^Settings of Which city/ })
    .getByRole('switch', { name: 'Required' })
    .check();
  const rule = page.locator('fieldset[data-rule-path="form.sections.0.fields.3.showWhen"]');
  await rule.getByRole('button', { name: 'Add a condition' }).click();
  await expect(rule.getByTestId('rule-in-words')).toHaveText('Shown when Willing to relocate is Yes');
  await addQuestion(page, 'Repeatable group', 'Projects');

  // A mistake: the city question loses its wording. The error summary says where, and its link goes there.
  await page.getByRole('button', { name: 'Edit question Which city?' }).click();
  await page.locator('input[name="form.sections.0.fields.3.label"]').fill('');
  await page.getByRole('button', { name: 'Publish' }).click();
  const summary = page.locator('#opening-error-summary');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: /question 4 › Question: Required/ }).click();
  await expect(page.locator('input:focus')).toHaveAttribute('name', 'form.sections.0.fields.3.label');
  await page.locator('input:focus').fill('Which city?');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Opening created')).toBeVisible();

  await page.getByRole('link', { name: 'All your openings' }).click();
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: `Copy link to ${title}` }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/forms/[0-9a-f-]{36}$`));

  async function applyAs(name: string, relocate: boolean) {
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await signIn(visitor, {
      email: uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'student'),
      name,
      button: visitor.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
    });
    const form = visitor.getByRole('form', { name: 'Application form' });
    await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue(name);
    const city = form.getByRole('textbox', { name: /Which city/ });
    await expect(city).toHaveCount(0);
    await form.getByRole('radio', { name: 'Yes' }).check();
    await city.fill('Pune');
    if (!relocate) {
      await form.getByRole('radio', { name: 'No' }).check();
      await expect(city).toHaveCount(0);
      await expect(form.getByTestId('dropped-answers')).toContainText('“Which city?” will not be sent');
    }
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(visitor.getByText('Application sent')).toBeVisible();
    await visitorContext.close();
  }
  await applyAs('Meera Stays', false);
  await applyAs('Kabir Moves', true);

  await page.reload();
  await card.getByRole('link', { name: `Responses to ${title}` }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  const rows = csv.split('\r\n');
  expect(rows.find((row) => row.includes('Meera Stays'))).not.toContain('Pune');
  expect(rows.find((row) => row.includes('Kabir Moves'))).toContain('Pune');

  // The Summary tab: every question's figures over both responses, each chart with its table and a sentence.
  const table = page.getByRole('table', { name: `Applications to ${title}` });
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await table.getByRole('checkbox', { name: 'Select Kabir Moves' }).check();
  await pipeline.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: /Move 1 candidate/ });
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Shortlisted' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(table.getByRole('cell', { name: 'Shortlisted', exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Summary', exact: true }).click();
  await expect(page.getByTestId('summary-total')).toHaveText('2 responses match');
  const relocation = page.getByRole('region', { name: 'Willing to relocate' });
  await expect(relocation).toContainText('2 of 2 answered');
  await expect(relocation.getByRole('row', { name: /^Yes/ })).toContainText('1 (50 %)');
  await expect(relocation.getByRole('row', { name: /^No/ })).toContainText('1 (50 %)');
  const cities = page.getByRole('region', { name: 'Which city?' });
  await expect(cities).toContainText('1 of 2 answered; most often “Pune” (1).');
  await expect(page.getByRole('region', { name: 'Submissions per day' })).toBeVisible();

  // Filtered to the Shortlisted stage: Kabir alone.
  await pipeline.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: /^Shortlisted/ }).click();
  await expect(page.getByTestId('summary-total')).toHaveText('1 response matches');
  await expect(relocation).toContainText('1 of 1 answered; most chose Yes (1, 100 %).');
  await expect(page).toHaveURL(/view=summary/);
});
