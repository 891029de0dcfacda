import type { Page } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const openingBody = (title: string) => openingInput(title, { openingsCount: 2 });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

test('an organization defines a stage, bulk-moves candidates, undoes and redoes; the applicant sees the label on /forms', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Pipeline Labs');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingBody('Data analyst intern'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  // Three applicants apply (through the API; Quick Apply has its own browser tests).
  const names = ['Meera Nair', 'Arjun Mehta', 'Sara Khan'];
  const applicants: Page[] = [];
  for (const name of names) {
    const applicant = await (await browser.newContext()).newPage();
    await signInAsStudent(applicant, name);
    const applied = await applicant.request.post('/api/placements/campus/apply', {
      headers: { Authorization: await tokenOf(applicant) },
      data: { openingId, idempotencyKey: `e2e-${name.replace(' ', '-')}-${Date.now()}`, answers: { name } },
    });
    expect(applied.ok()).toBe(true);
    applicants.push(applicant);
  }

  await page.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await expect(pipeline.getByRole('combobox', { name: 'Stage' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Applications to Data analyst intern' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Stage' })).toBeVisible();

  // Sorted by name from its header (in the address, so a reload keeps it); the selection below works in any order.
  await table.getByRole('button', { name: 'Applicant' }).click();
  await expect(page).toHaveURL(/&sort=nameAsc$/);
  await expect(table.getByRole('columnheader', { name: 'Applicant (A to Z)' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(table.getByRole('button', { name: /^Open the application of/ })).toHaveText([...names].sort());

  // The organization adds "Aptitude test", shown to applicants as "Test scheduled".
  await pipeline.getByRole('button', { name: 'Stages' }).click();
  const editor = page.getByRole('dialog', { name: 'Stages' });
  const add = editor.getByRole('form', { name: 'Add a stage' });
  await add.getByRole('textbox', { name: 'New stage' }).fill('Aptitude test');
  await add.getByRole('textbox', { name: 'Applicants see' }).fill('Test scheduled');
  await add.getByRole('button', { name: 'Add stage' }).click();
  await expect(editor.getByRole('listitem', { name: 'Aptitude test' })).toBeVisible();
  // Releasing rejections mails everyone rejected: it asks first, naming how many (issue 40); cancelling keeps it off.
  await editor.getByRole('switch', { name: 'Show rejections to applicants' }).click();
  const release = page.getByRole('dialog', { name: 'Tell rejected applicants?' });
  await expect(release).toContainText('Nobody is in Rejected yet.');
  await expect(release.getByRole('button', { name: 'Tell 0 applicants' })).toBeVisible();
  await release.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor.getByRole('switch', { name: 'Show rejections to applicants' })).not.toBeChecked();
  await editor.getByRole('button', { name: 'Done' }).click();

  // Select all matching (every application, not only the rows shown) and move them to the new stage.
  await table.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await pipeline.getByRole('button', { name: 'Select all 3 matching' }).click();
  await expect(pipeline.getByText('All 3 matching candidates are selected.')).toBeVisible();
  await pipeline.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: /Move all 3 candidates/ });
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Aptitude test' }).click();
  await move.getByRole('textbox', { name: 'Reason (optional)' }).fill('Cleared screening');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('3 candidates moved')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Aptitude test', exact: true })).toHaveCount(3);

  // Undo puts them back in Applied; moving again brings them to the stage.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Move undone for 3 candidates')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Applied', exact: true })).toHaveCount(3);

  await table.getByRole('checkbox', { name: 'Select every application shown' }).check();
  await pipeline.getByRole('button', { name: 'Move to…' }).click();
  const again = page.getByRole('dialog', { name: /Move 3 candidates/ });
  await again.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Aptitude test' }).click();
  await again.getByRole('button', { name: 'Move' }).click();
  await expect(table.getByRole('cell', { name: 'Aptitude test', exact: true })).toHaveCount(3);

  // The application shows its stage history: the move with its reason, the undo, the move again.
  await table.getByRole('button', { name: `Open the application of ${names[0]}` }).click();
  const history = page.getByRole('dialog').getByRole('region', { name: 'Stage history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('Applied → Aptitude test');
  await expect(history.getByRole('listitem').first()).toContainText('Cleared screening');
  await expect(history.getByRole('listitem').nth(1)).toContainText('(undo)');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The stage filter shows only that stage.
  await pipeline.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Applied (0)' }).click();
  await expect(page.getByText('No applications in this stage.')).toBeVisible();

  // The applicant sees the organization's words for the stage on /forms.
  const applicant = applicants[0] as Page;
  await applicant.goto('/forms');
  const list = applicant.getByRole('list', { name: 'Your applications' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Data analyst intern' })).toContainText('Test scheduled');
});
