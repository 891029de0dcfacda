import type { Browser, Page } from '@playwright/test';
import { expect, signIn, signInAsOrganization, test, uniqueEmail } from './support/fixtures';

/** The platform verification admin e2e/support/start-server.mjs configures. */
const VERIFICATION_ADMIN_EMAIL = 'verification-admin@e2e.placely.test';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Reads the join link out of a group card's "Share link" dialog. */
async function joinLinkOf(page: Page, groupName: string): Promise<string> {
  await page.getByRole('button', { name: `Share ${groupName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Join link for ${groupName}` });
  await expect(dialog.getByRole('img', { name: `QR code of the join link for ${groupName}` })).toBeVisible();
  const link = await dialog.getByLabel('Link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return new URL(link).pathname;
}

/** A visitor opens a join link signed out and signs in from the page itself: they become an Individual. */
async function studentSignsInOnJoinPage(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to join' })).toBeVisible();
  await signIn(page, {
    email: uniqueEmail('student'),
    name,
    button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  await expect(page.getByRole('button', { name: 'Request to join' })).toBeVisible();
}

test('groups and verification groups: join links, requests, follow, verify, badge', async ({ page, browser }) => {
  test.setTimeout(240_000);

  // The organization creates a group and a verification group.
  await signInAsOrganization(page, 'Northwind Campus');
  await page.getByRole('navigation').getByRole('link', { name: 'Groups' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByRole('button', { name: 'Create' }).click();
  await expect(groupDialog.getByText('Required')).toBeVisible();
  await groupDialog.getByLabel('Name').fill('Northwind campus 2026');
  await groupDialog.getByLabel('Description').fill('Final-year students hearing first about our openings.');
  await groupDialog.getByRole('button', { name: 'Create' }).click();
  const groups = page.getByRole('list', { name: 'Groups' });
  await expect(groups.getByRole('heading', { name: 'Northwind campus 2026' })).toBeVisible();
  const groupPath = await joinLinkOf(page, 'Northwind campus 2026');
  expect(groupPath).toMatch(/^\/joinGroupLink\/[0-9a-f-]{36}$/);

  await page.goto('/organization/verifications');
  await page.getByRole('button', { name: 'New verification group' }).click();
  const verificationDialog = page.getByRole('dialog', { name: 'New verification group' });
  await verificationDialog.getByLabel('Name').fill('Northwind internship verification');
  await verificationDialog.getByRole('button', { name: 'Create' }).click();
  const verificationGroups = page.getByRole('list', { name: 'Verification groups' });
  await expect(verificationGroups.getByText('Awaiting approval')).toBeVisible();
  const verificationPath = await joinLinkOf(page, 'Northwind internship verification');
  expect(verificationPath).toMatch(/^\/joinVerificationLink\/[0-9a-f-]{36}$/);

  // A verifier who has not signed up yet gets the role by email.
  const verifierEmail = uniqueEmail('verifier');
  await page.getByRole('button', { name: 'Roles of Northwind internship verification' }).click();
  const rolesDialog = page.getByRole('dialog', { name: 'People with access to Northwind internship verification' });
  await rolesDialog.getByLabel('Email').fill(verifierEmail);
  await rolesDialog.getByRole('button', { name: 'Grant role' }).click();
  await expect(rolesDialog.getByText(`${verifierEmail} · gets access on first sign-in`)).toBeVisible();
  await rolesDialog.getByRole('button', { name: 'Done' }).click();

  // A platform verification admin approves it.
  const admin = await newPage(browser);
  await admin.goto('/');
  await signIn(admin, { email: VERIFICATION_ADMIN_EMAIL, name: 'Placely Trust' });
  // The admin's address is fixed (the server's configuration), so a retried test meets an account made the first time.
  const chooseOrganization = admin.getByRole('radio', { name: 'Organization' });
  const welcome = admin.getByRole('heading', { level: 1, name: 'Welcome, Placely' });
  await expect(chooseOrganization.or(welcome)).toBeVisible();
  if (await chooseOrganization.isVisible()) {
    await chooseOrganization.check();
    await admin.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(welcome).toBeVisible();
  await admin.goto('/organization/verifications');
  await admin.getByRole('button', { name: 'Approve Northwind internship verification' }).click();
  await expect(admin.getByText('Verification group approved')).toBeVisible();
  await admin.context().close();

  // Two students open the join links signed out and sign in from there.
  const asha = await newPage(browser);
  await studentSignsInOnJoinPage(asha, groupPath, 'Northwind campus 2026', 'Asha Verma');
  await expect(asha.getByText('Run by Northwind Campus')).toBeVisible();
  await asha.getByRole('button', { name: 'Request to join' }).click();
  await expect(asha.getByText('Your request to join is waiting for a decision.')).toBeVisible();
  await asha.goto(verificationPath);
  await asha.getByRole('button', { name: 'Request to join' }).click();
  await expect(asha.getByText('Your request to join is waiting for a decision.')).toBeVisible();

  const bilal = await newPage(browser);
  await studentSignsInOnJoinPage(bilal, groupPath, 'Northwind campus 2026', 'Bilal Khan');
  await bilal.getByRole('button', { name: 'Request to join' }).click();
  await expect(bilal.getByText('Your request to join is waiting for a decision.')).toBeVisible();

  // The organization accepts Asha and declines Bilal.
  await page.goto('/organization/grouprequests');
  const requests = page.getByRole('list', { name: 'Join requests' });
  await expect(requests.getByText('Asha Verma')).toBeVisible();
  await expect(requests.getByText('Bilal Khan')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Asha Verma' }).check();
  await page.getByRole('button', { name: 'Accept selected (1)' }).click();
  await expect(page.getByText('Request accepted')).toBeVisible();
  await page.getByRole('button', { name: 'Decline Bilal Khan' }).click();
  await expect(page.getByText('No requests are waiting.', { exact: false })).toBeVisible();

  await page.goto('/organization/verificationrequests');
  await page.getByRole('button', { name: 'Accept Asha Verma' }).click();
  await expect(page.getByText('No requests are waiting.', { exact: false })).toBeVisible();

  // Each student sees the outcome; Asha follows the group.
  await bilal.goto('/joinGroupLink');
  await expect(bilal.getByRole('list', { name: 'Your groups' }).getByText('Declined')).toBeVisible();
  await bilal.context().close();
  await asha.goto('/joinGroupLink');
  await expect(asha.getByRole('list', { name: 'Your groups' }).getByText('Member')).toBeVisible();
  await asha.getByRole('link', { name: 'Northwind campus 2026' }).click();
  await expect(asha.getByText('You are a member.')).toBeVisible();
  await asha.getByRole('button', { name: 'Follow' }).click();
  await expect(asha.getByRole('button', { name: 'Unfollow' })).toBeVisible();

  await page.goto('/organization/groupfollowers');
  await expect(page.getByRole('list', { name: 'Members' }).getByText('Asha Verma')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Followers' }).getByText('Asha Verma')).toBeVisible();

  // Asha adds her education and shares it in a portfolio.
  await asha.goto('/student/education');
  await asha.getByRole('button', { name: 'Add education' }).click();
  const entry = asha.getByRole('dialog', { name: 'Add education' });
  await entry.getByLabel('Institution').fill('College of Engineering Pune');
  await entry.getByLabel('Degree').fill('B.Tech');
  await entry.getByRole('button', { name: 'Add' }).click();
  await expect(asha.getByRole('list', { name: 'Education' }).getByText('College of Engineering Pune')).toBeVisible();

  // The verifier signs up, finds Asha among the members and verifies her education.
  const verifier = await newPage(browser);
  await verifier.goto('/');
  await signIn(verifier, { email: verifierEmail, name: 'Vera Verifier' });
  await verifier.getByRole('radio', { name: 'Student / Individual' }).check();
  await verifier.getByRole('button', { name: 'Continue' }).click();
  await expect(verifier.getByRole('heading', { level: 1, name: 'Welcome, Vera' })).toBeVisible();
  await verifier.goto('/organization/verificationfollowers');
  await verifier.getByRole('button', { name: 'Review records of Asha Verma' }).click();
  const records = verifier.getByRole('dialog', { name: 'Records of Asha Verma' });
  await records.getByRole('button', { name: 'Verify B.Tech, College of Engineering Pune' }).click();
  await expect(records.getByText('Verified by Vera Verifier', { exact: false })).toBeVisible();
  await records.getByRole('button', { name: 'Done' }).click();
  await expect(verifier.getByText('1 record verified')).toBeVisible();
  await verifier.context().close();

  // The badge shows on Asha's portfolio.
  await asha.goto('/student/profile');
  await asha.getByRole('button', { name: 'New portfolio' }).click();
  const portfolioDialog = asha.getByRole('dialog', { name: 'New portfolio' });
  await portfolioDialog.getByLabel('Title').fill('Verified profile');
  await portfolioDialog.getByRole('button', { name: 'Create' }).click();
  const portfolioLink = asha.getByRole('list', { name: 'Portfolios' }).getByRole('link', { name: 'Verified profile' });
  const portfolioHref = (await portfolioLink.getAttribute('href')) as string;
  const visitor = await newPage(browser);
  await visitor.goto(portfolioHref);
  await expect(visitor.getByText('Verified by Northwind internship verification')).toBeVisible();
  await visitor.context().close();

  // An opening limited to the group: the member applies, someone outside it is refused with a link to join.
  await page.goto('/organization/createOpening');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Northwind summer internship');
  await page.getByRole('combobox', { name: 'Only members of these groups' }).click();
  await page.getByRole('option', { name: 'Northwind campus 2026' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Opening created')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/createOpening\?id=[0-9a-f-]{36}$/);
  const openingId = new URL(page.url()).searchParams.get('id');

  await asha.goto(`/forms/${openingId}`);
  const application = asha.getByRole('form', { name: 'Application form' });
  await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Verma');
  await application.getByRole('button', { name: 'Submit application' }).click();
  await expect(asha.getByText('Application sent')).toBeVisible();

  const outsider = await newPage(browser);
  await outsider.goto('/');
  await signIn(outsider, { email: uniqueEmail('outsider'), name: 'Omar Outsider' });
  await outsider.getByRole('radio', { name: 'Student / Individual' }).check();
  await outsider.getByRole('button', { name: 'Continue' }).click();
  await expect(outsider.getByRole('heading', { level: 1, name: 'Welcome, Omar' })).toBeVisible();
  await outsider.goto(`/forms/${openingId}`);
  await expect(outsider.getByText("Member of the organization's group.")).toBeVisible();
  await expect(outsider.getByRole('form', { name: 'Application form' })).toHaveCount(0);
  await outsider.getByRole('link', { name: 'Join Northwind campus 2026' }).click();
  await expect(outsider).toHaveURL(new RegExp(`${groupPath}$`));
  await outsider.context().close();

  // The organization's applicant table shows the applicant's verified record.
  await page.goto(`/organization/openings?opening=${openingId}`);
  const table = page.getByRole('table', { name: 'Applications to Northwind summer internship' });
  await expect(table.getByText('1 verified record')).toBeVisible();

  // Editing the verified entry warns first, and a change clears the badge.
  await asha.goto('/student/education');
  const educationList = asha.getByRole('list', { name: 'Education' });
  await expect(educationList.getByText('Verified', { exact: true })).toBeVisible();
  await asha.getByRole('button', { name: 'Edit College of Engineering Pune' }).click();
  const edit = asha.getByRole('dialog', { name: 'Edit education' });
  await expect(edit.getByText('Saving a change removes its verified badge', { exact: false })).toBeVisible();
  await edit.getByLabel('Degree').fill('B.Tech (Honours)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(educationList.getByText('B.Tech (Honours)', { exact: false })).toBeVisible();
  await expect(educationList.getByText('Verified', { exact: true })).toHaveCount(0);
  await asha.context().close();
});

test('an organization deletes a group after a confirmation that members lose nothing', async ({ page }) => {
  await signInAsOrganization(page, 'Delete Co');
  await page.goto('/organization/groups');
  await expect(page.getByText('No groups yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Name').fill('Short-lived group');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'Delete Short-lived group' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Short-lived group?' });
  await expect(confirm.getByText('Members lose nothing from their own profiles', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByText('No groups yet.', { exact: false })).toBeVisible();
});
