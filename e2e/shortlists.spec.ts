import type { Page } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

test('an organization builds a shortlist and shares it; a visitor without an account leaves verdicts until the link is revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Panel Labs');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: await tokenOf(page) },
    data: openingInput('Backend engineer', { openingsCount: 2 }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  const names = ['Meera Nair', 'Arjun Mehta', 'Sara Khan'];
  for (const name of names) {
    const applicant = await (await browser.newContext()).newPage();
    await signInAsStudent(applicant, name);
    const applied = await applicant.request.post('/api/placements/campus/apply', {
      headers: { Authorization: await tokenOf(applicant) },
      data: { openingId, idempotencyKey: `e2e-sl-${name.replace(' ', '-')}-${Date.now()}`, answers: { name } },
    });
    expect(applied.ok()).toBe(true);
    await applicant.context().close();
  }

  // Pick two candidates in the responses and make a shortlist of them.
  await page.goto(`/organization/openings?opening=${openingId}`);
  const table = page.getByRole('table', { name: 'Applications to Backend engineer' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: `Select ${names[0]}` }).check();
  await table.getByRole('checkbox', { name: `Select ${names[1]}` }).check();
  await page.getByRole('button', { name: 'New shortlist from 2 selected candidates' }).click();
  const naming = page.getByRole('dialog', { name: 'New shortlist' });
  await naming.getByRole('textbox', { name: 'Name' }).fill('For the panel on 3 Dec');
  await naming.getByRole('button', { name: 'Create' }).click();

  const shortlist = page.getByRole('dialog', { name: 'For the panel on 3 Dec' });
  const candidates = shortlist.getByRole('list', { name: 'Candidates' });
  await expect(candidates.getByRole('listitem')).toHaveCount(2);
  await expect(candidates.getByRole('listitem').first()).toContainText(names[0] as string);
  // Reorder: the second moves up.
  await shortlist.getByRole('button', { name: `Move ${names[1]} up` }).click();
  await expect(candidates.getByRole('listitem').first()).toContainText(names[1] as string);

  // Share: contact details are off by default; the address is shown once.
  await shortlist.getByRole('button', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: 'Share “For the panel on 3 Dec”' });
  await expect(share.getByRole('checkbox', { name: 'Contact details' })).not.toBeChecked();
  await expect(share.getByRole('checkbox', { name: 'Name' })).toBeChecked();
  await share.getByRole('textbox', { name: 'Label (who it is for)' }).fill('Hiring manager');
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByTestId('share-link-url').inputValue();
  expect(url).toContain('/shortlisting?link=');
  await share.getByRole('button', { name: 'Close' }).click();

  // A fresh browser, signed out: the shortlist in order, no top bar; the visitor leaves verdicts under their name.
  // On a phone-sized screen, as most links are opened.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: 'For the panel on 3 Dec' })).toBeVisible();
  await expect(visitor.getByRole('banner')).toHaveCount(0);
  await expect(visitor.getByText(`1. ${names[1]}`)).toBeVisible();
  await expect(visitor.getByText(`2. ${names[0]}`)).toBeVisible();
  await expect(visitor.getByText(names[2] as string)).toHaveCount(0);
  await visitor.getByRole('textbox', { name: 'Your name' }).fill('Priya (hiring manager)');
  await visitor.getByText(`1. ${names[1]}`).click();
  await visitor
    .getByRole('group', { name: `Your verdict on ${names[1]}` })
    .getByRole('button', { name: 'Yes' })
    .click();
  await visitor.getByRole('textbox', { name: `Comment on ${names[1]} (optional)` }).fill('Strong system design');
  await visitor.getByRole('button', { name: 'Save verdict' }).first().click();
  await expect(visitor.getByText('Thank you — your verdict is saved')).toBeVisible();
  await visitor.getByText(`2. ${names[0]}`).click();
  await visitor
    .getByRole('group', { name: `Your verdict on ${names[0]}` })
    .getByRole('button', { name: 'Maybe' })
    .click();
  await visitor.getByRole('button', { name: 'Save verdict' }).nth(1).click();
  await expect(visitor.getByText('Priya (hiring manager)').first()).toBeVisible();
  const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Printing shows every candidate expanded, without the verdict forms.
  await visitor.getByText(`1. ${names[1]}`).click();
  await visitor.emulateMedia({ media: 'print' });
  await expect(visitor.getByRole('list', { name: 'Verdicts' }).first()).toContainText('Strong system design');
  await expect(visitor.getByRole('list', { name: 'Verdicts' }).first()).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Save verdict' })).toHaveCount(0);
  await visitor.emulateMedia({ media: 'screen' });

  // The organization sees the verdicts beside each candidate, and the link's view count.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: 'For the panel on 3 Dec' });
  const entries = reopened.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
  await expect(entries.filter({ hasText: `1.${names[1]}` })).toContainText(
    'Priya (hiring manager) (Hiring manager): Strong system design',
  );
  await expect(entries.filter({ hasText: `2.${names[0]}` })).toContainText('MaybePriya (hiring manager)');

  // Revoke: the visitor's reload shows the revoked page, with no candidate.
  await reopened.getByRole('button', { name: 'Share…' }).click();
  const links = page.getByRole('dialog', { name: 'Share “For the panel on 3 Dec”' });
  await expect(links.getByRole('list', { name: 'Share links' })).toContainText('Hiring manager · 1 view');
  await links.getByRole('button', { name: 'Revoke' }).click();
  // Confirmed first, naming who loses what (issue 40).
  const confirmRevoke = page.getByRole('dialog', { name: 'Revoke this link?' });
  await expect(confirmRevoke).toContainText(
    'Everyone who has “Hiring manager” loses access to the 2 candidates of “For the panel on 3 Dec” at once (it was opened once).',
  );
  await confirmRevoke.getByRole('button', { name: 'Revoke link' }).click();
  await expect(links.getByRole('list', { name: 'Share links' })).toContainText('revoked');

  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(visitor.getByText('This link was turned off by the organization.')).toBeVisible();
  await expect(visitor.getByText(names[0] as string)).toHaveCount(0);
});

test('a share link with Scores shows the visitor the score and breakdown the organization’s ranking gives (issue 40)', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signInAsOrganization(page, 'Scores Labs');
  const auth = { Authorization: await tokenOf(page) };
  const created = await page.request.post('/api/organization/openings', {
    headers: auth,
    data: openingInput('Data analyst', {
      form: {
        sections: [
          {
            id: 'about',
            title: 'About you',
            fields: [
              { id: 'name', type: 'shortText', label: 'Full name', required: true },
              { id: 'years', type: 'number', label: 'Years of experience', required: true },
            ],
          },
        ],
      },
    }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const applicants = [
    { name: 'Nisha Rao', years: 6 },
    { name: 'Kabir Das', years: 2 },
  ];
  for (const person of applicants) {
    const applicant = await (await browser.newContext()).newPage();
    await signInAsStudent(applicant, person.name);
    const applied = await applicant.request.post('/api/placements/campus/apply', {
      headers: { Authorization: await tokenOf(applicant) },
      data: {
        openingId,
        idempotencyKey: `e2e-score-${person.name.replace(' ', '-')}-${Date.now()}`,
        answers: { name: person.name, years: person.years },
      },
    });
    expect(applied.ok()).toBe(true);
    await applicant.context().close();
  }
  // The recipe: years of experience, the only criterion (Nisha 6 → 100, Kabir 2 → 0).
  const recipe = await page.request.put('/api/organization/shortlisting/recipe', {
    headers: auth,
    data: { openingId, recipe: { criteria: [{ kind: 'numberAnswer', fieldId: 'years', weight: 1 }], knockouts: [] } },
  });
  expect(recipe.ok()).toBe(true);
  const ranking = await page.request.get(`/api/organization/shortlisting/candidate/ranking?openingId=${openingId}`, {
    headers: auth,
  });
  const ranked = (await ranking.json()).result.data.items as { applicationId: string; score: number }[];
  expect(ranked.map((item) => item.score)).toEqual([100, 0]);
  const shortlist = await page.request.post('/api/organization/shortlisting/lists', {
    headers: auth,
    data: { openingId, name: 'Analysts', applicationIds: ranked.map((item) => item.applicationId) },
  });
  const shortlistId: string = (await shortlist.json()).result.data.id;

  // The owner shares it with Scores ticked (the default field set has it).
  await page.goto(`/organization/openings?opening=${openingId}&shortlist=${shortlistId}`);
  const dialog = page.getByRole('dialog', { name: 'Analysts' });
  await dialog.getByRole('button', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: 'Share “Analysts”' });
  await expect(share.getByRole('checkbox', { name: 'Scores and stage' })).toBeChecked();
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByTestId('share-link-url').inputValue();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url);
  await visitor.getByText('1. Nisha Rao').click();
  await expect(visitor.getByText('Score: 100 · rank 1')).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Score breakdown' }).first()).toContainText(
    'Years of experience: 6 (+100) · weight 1',
  );
  await visitor.getByText('2. Kabir Das').click();
  await expect(visitor.getByText('Score: 0 · rank 2')).toBeVisible();
  await visitor.context().close();
});
