import { expect, signIn, test, uniqueEmail } from './support/fixtures';

/** The second platform verification admin e2e/support/start-server.mjs configures. */
const PLATFORM_ADMIN_EMAIL = 'institutions-admin@e2e.placely.test';

test('a platform admin adds an institution and appoints its root, who signs up and runs it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const domain = `lakeview-${Date.now().toString(36)}.edu`;
  const rootEmail = `placements@${domain}`;

  // The platform admin (an Organization account; a retry finds the account already there).
  await page.goto('/');
  await signIn(page, { email: PLATFORM_ADMIN_EMAIL, name: 'Placely Trust' });
  const organization = page.getByRole('radio', { name: 'Organization' });
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome, Placely' });
  await expect(organization.or(welcome)).toBeVisible();
  if (await organization.isVisible()) {
    await organization.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(welcome).toBeVisible();
  await page.goto('/organization/verifications');
  await expect(page.getByRole('heading', { name: 'Institutions', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add institution' }).click();
  const add = page.getByRole('dialog', { name: 'Add an institution' });
  await add.getByRole('button', { name: 'Add institution' }).click();
  await expect(add.getByLabel('Name')).toBeFocused();
  await expect(add.getByText('Required')).toBeVisible();
  await add.getByLabel('Name').fill('Lakeview College');
  await add.getByLabel('City').fill('Bhopal');
  await add.getByLabel('Email domain').fill('not a domain');
  await add.getByLabel("Root's email").fill(rootEmail);
  await add.getByRole('button', { name: 'Add institution' }).click();
  await expect(add.getByText('Enter a domain like college.edu')).toBeVisible();
  await add.getByLabel('Email domain').fill(domain);
  await add.getByRole('button', { name: 'Add institution' }).click();
  await expect(
    page.getByText(`Lakeview College added; ${rootEmail} becomes the root on signing in to Placely`),
  ).toBeVisible();
  await expect(add).toBeHidden();

  const list = page.getByRole('list', { name: 'Institutions on Placely' });
  await expect(list.getByText(`Bhopal · ${domain}`)).toBeVisible();
  await page.getByRole('button', { name: 'People running Lakeview College' }).first().click();
  const people = page.getByRole('dialog', { name: 'People running Lakeview College' });
  await expect(people.getByRole('listitem').filter({ hasText: rootEmail })).toContainText(
    'Gets the role on first sign-in',
  );
  await people.getByRole('button', { name: 'Done' }).click();

  // The placement officer signs up with that email: the institution is theirs to run.
  const officer = await (await browser.newContext()).newPage();
  await officer.goto('/');
  await signIn(officer, { email: rootEmail, name: 'Rhea Placements' });
  await officer.getByRole('radio', { name: 'Student / Individual' }).check();
  await officer.getByRole('button', { name: 'Continue' }).click();
  await expect(officer.getByRole('heading', { level: 1, name: 'Welcome, Rhea' })).toBeVisible();
  await officer.goto('/student/profile');
  const institutions = officer.getByRole('list', { name: 'Institutions you run' });
  await expect(institutions.getByText('Lakeview College')).toBeVisible();

  // The officer appoints an admin who has not signed up yet, and cannot leave the institution without a root.
  await officer.getByRole('button', { name: 'People running Lakeview College' }).click();
  const team = officer.getByRole('dialog', { name: 'People running Lakeview College' });
  await expect(team.getByText('Rhea Placements')).toBeVisible();
  const adminEmail = uniqueEmail('registrar');
  await team.getByLabel('Email').fill(adminEmail);
  await team.getByRole('button', { name: 'Give role' }).click();
  await expect(team.getByRole('listitem').filter({ hasText: adminEmail })).toContainText(
    'Gets the role on first sign-in',
  );
  await expect(team.getByLabel('Email')).toHaveValue('');
  await team.getByRole('button', { name: `Remove ${rootEmail}` }).click();
  await expect(officer.getByText("This is the institution's only root: make someone else root first.")).toBeVisible();
  await team.getByRole('button', { name: `Remove ${adminEmail}` }).click();
  await expect(team.getByRole('listitem').filter({ hasText: adminEmail })).toBeHidden();
  await team.getByRole('button', { name: 'Done' }).click();

  // The officer keeps the details up to date; the admin's list shows the change.
  await officer.getByRole('button', { name: 'Edit Lakeview College' }).click();
  const edit = officer.getByRole('dialog', { name: 'Edit Lakeview College' });
  await edit.getByLabel('Name').fill('Lakeview College of Engineering');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(institutions.getByText('Lakeview College of Engineering')).toBeVisible();
  await officer.context().close();

  await page.reload();
  await page.getByLabel('Search institutions').fill(domain);
  await expect(list.getByText('Lakeview College of Engineering')).toBeVisible();
});
