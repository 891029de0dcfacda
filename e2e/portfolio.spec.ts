import { expect, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

test('a student publishes a portfolio; visitors see it, an organization is named in "who viewed me"', async ({
  page,
  browser,
}) => {
  await signInAsStudent(page, 'Maya Iyer');
  await page.goto('/student/skills');
  await page.getByLabel('Skill', { exact: true }).fill('Rust');
  await page.getByLabel('Skill', { exact: true }).press('Enter');
  await expect(page.getByRole('list', { name: 'Skills' }).getByText('Rust · Intermediate')).toBeVisible();

  await page.goto('/student/profile');
  await page.getByRole('button', { name: 'New portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'New portfolio' });
  await dialog.getByLabel('Title').fill('Systems programming');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const portfolios = page.getByRole('list', { name: 'Portfolios' });
  const link = portfolios.getByRole('link', { name: 'Systems programming' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) as string;
  expect(href).toMatch(/^\/viewer\/[A-Za-z0-9_-]{12}$/);

  // The profile card comes from the profile service (this server unless PROFILE_SERVICE_URL moves it).
  await page.getByRole('button', { name: 'Profile card of Systems programming' }).click();
  const card = page.getByRole('dialog', { name: 'Your profile card' });
  await expect(card.getByText('Maya Iyer')).toBeVisible();
  await expect(card.getByText('Rust')).toBeVisible();
  await card.getByRole('button', { name: 'Close' }).click();

  // A visitor who is not signed in.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(href);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Maya Iyer' })).toBeVisible();
  await expect(visitor.getByText('Rust · Intermediate')).toBeVisible();
  await expect(visitor).toHaveTitle('Maya Iyer — Systems programming · Placely');
  // The page settles: no request is left open (a view-count fetch whose answer was never read kept one open for good).
  await visitor.waitForLoadState('networkidle', { timeout: 15_000 });
  await visitorContext.close();

  // An organization.
  const orgContext = await browser.newContext();
  const org = await orgContext.newPage();
  await signInAsOrganization(org, 'Wayne Enterprises');
  await org.goto(href);
  await expect(org.getByRole('heading', { level: 1, name: 'Maya Iyer' })).toBeVisible();
  await orgContext.close();

  await page.reload();
  const viewers = page.getByRole('list', { name: 'Viewers' });
  await expect(viewers.getByText('Viewed “Systems programming”', { exact: false })).toBeVisible();
  await expect(page.getByText('Plus 1 view by people who were not signed in as an organization.')).toBeVisible();

  // A new link retires the old one.
  await page.getByRole('button', { name: 'New link for Systems programming' }).click();
  await page
    .getByRole('dialog', { name: 'Create a new link?' })
    .getByRole('button', { name: 'Create new link' })
    .click();
  await expect(portfolios.getByRole('link', { name: 'Systems programming' })).not.toHaveAttribute('href', href);
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  late.on('console', () => {});
  await late.goto(href);
  await expect(late.getByRole('heading', { level: 1, name: 'Portfolio not available' })).toBeVisible();
  await lateContext.close();
});
