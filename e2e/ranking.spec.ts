import type { Page } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

test('an organization sets a ranking recipe, reads a candidate’s score breakdown and rates two candidates', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Ranking Labs');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingInput('Backend intern', {
      form: {
        sections: [
          {
            id: 'about',
            title: 'About you',
            fields: [
              { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
              { id: 'years', type: 'number', label: 'Years of coding', required: true },
            ],
          },
        ],
      },
    }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  // Three applicants apply (through the API), with 1, 5 and 3 years of coding.
  const applicants = [
    { name: 'Meera Nair', years: 1 },
    { name: 'Arjun Mehta', years: 5 },
    { name: 'Sara Khan', years: 3 },
  ];
  for (const { name, years } of applicants) {
    const applicant = await (await browser.newContext()).newPage();
    await signInAsStudent(applicant, name);
    const applied = await applicant.request.post('/api/placements/campus/apply', {
      headers: { Authorization: await tokenOf(applicant) },
      data: { openingId, idempotencyKey: `e2e-rank-${name.replace(' ', '-')}-${Date.now()}`, answers: { name, years } },
    });
    expect(applied.ok()).toBe(true);
    await applicant.context().close();
  }

  await page.goto(`/organization/openings?opening=${openingId}`);
  await page.getByRole('button', { name: 'Ranking' }).click();
  await expect(page).toHaveURL(/view=ranking/);
  await expect(page.getByText('No ranking recipe yet: candidates are in order of application.')).toBeVisible();

  // The recipe: years of coding, higher is better.
  await page.getByRole('button', { name: 'Set a ranking recipe' }).click();
  const recipe = page.getByRole('dialog', { name: 'Ranking recipe' });
  await recipe.getByRole('combobox', { name: 'Add a criterion' }).click();
  await page.getByRole('option', { name: 'Number answer' }).click();
  await expect(recipe.getByRole('combobox', { name: 'Question' })).toContainText('Years of coding');
  await recipe.getByRole('spinbutton', { name: 'Weight' }).fill('2');
  await recipe.getByRole('button', { name: 'Save and re-rank' }).click();
  await expect(page.getByText('Ranking recipe saved')).toBeVisible();

  // Ranked at once, with the tie-break rule shown.
  const table = page.getByRole('table', { name: 'Candidates in rank order' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Arjun Mehta');
  await expect(rows.nth(1)).toContainText('100');
  await expect(rows.nth(2)).toContainText('Sara Khan');
  await expect(rows.nth(3)).toContainText('Meera Nair');
  await expect(page.getByText(/Equal scores: the earlier application ranks higher/)).toBeVisible();

  // Sara's breakdown: raw 3, normalised 0.5, weight 2, +50.
  await table.getByRole('button', { name: 'Score breakdown of Sara Khan' }).click();
  const breakdown = page.getByRole('dialog', { name: /Sara Khan: rank 2, score 50/ });
  const terms = breakdown.getByRole('table', { name: 'Score breakdown of Sara Khan' });
  const term = terms.getByRole('row').filter({ hasText: 'Years of coding' });
  await expect(term).toContainText('3');
  await expect(term).toContainText('0.5');
  await expect(term).toContainText('+50');

  // Rate Sara 4 on Overall: then the average and count show.
  const ratings = breakdown.getByRole('region', { name: 'Ratings' });
  await expect(ratings.getByText('Give your rating to see the others’.')).toBeVisible();
  // MUI's stars are visually hidden radio inputs under their icons: click the input itself, as a keyboard user's
  // selection would.
  const four = ratings.getByRole('radio', { name: '4 of 5' });
  await four.dispatchEvent('click');
  await expect(four).toBeChecked();
  await expect(ratings.getByText(/Average 4 from 1 rating/)).toBeVisible();
  await breakdown.getByRole('button', { name: 'Close' }).click();

  // Rate Arjun 5.
  await table.getByRole('button', { name: 'Score breakdown of Arjun Mehta' }).click();
  const second = page.getByRole('dialog', { name: /Arjun Mehta: rank 1/ });
  const five = second.getByRole('region', { name: 'Ratings' }).getByRole('radio', { name: '5 of 5' });
  await five.dispatchEvent('click');
  await expect(five).toBeChecked();
  await expect(second.getByRole('region', { name: 'Ratings' }).getByText(/Average 5 from 1 rating/)).toBeVisible();
  await second.getByRole('button', { name: 'Close' }).click();

  // The table view filters by the same scores: 40 and up are Arjun (100) and Sara (50).
  await page.goto(`/organization/openings?opening=${openingId}`);
  const filters = page.getByRole('region', { name: 'Pipeline' }).getByRole('region', { name: 'Filters' });
  await expect(page.getByRole('status').filter({ hasText: '3 applications' })).toBeVisible();
  await filters.getByRole('button', { name: 'More filters' }).click();
  await filters.getByRole('spinbutton', { name: 'Score from' }).fill('40');
  await filters.getByRole('spinbutton', { name: 'Score from' }).press('Enter');
  await expect(page).toHaveURL(/minScore=40/);
  await expect(page.getByRole('status').filter({ hasText: '2 applications' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Meera Nair' })).toHaveCount(0);
});
