import type { FormDefinition } from '@placely/contract';
import type { Browser } from '@playwright/test';
import {
  allowConsoleErrors,
  expect,
  openingInput,
  signIn,
  signInAsOrganization,
  signInAsStudent,
  test,
  uniqueEmail,
} from './support/fixtures';

/** Issue #16: public pages are rendered on the server, so they read without JavaScript. */

const form: FormDefinition = {
  sections: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
        { id: 'graduation', type: 'number', label: 'Graduation year', required: false },
      ],
    },
    {
      id: 'role',
      title: 'The role',
      fields: [
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Which track interests you most?',
          required: true,
          options: [
            { id: 'api', label: 'APIs' },
            { id: 'tools', label: 'Developer tools' },
          ],
        },
        { id: 'relocate', type: 'yesNo', label: 'Can you work from Bengaluru?', required: true },
        { id: 'why', type: 'paragraph', label: 'Why this role?', required: false, helpText: 'A few sentences.' },
        {
          id: 'resume',
          type: 'fileUpload',
          label: 'Resume',
          required: true,
          acceptedTypes: ['application/pdf'],
          maxBytes: 2 * 1024 * 1024,
        },
      ],
    },
  ],
};

const opening = (title: string) =>
  openingInput(title, {
    description: '<p>Work with our <strong>platform team</strong> on APIs.</p>',
    openingsCount: 2,
    deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    form,
  });

/** An organization signs in in its own context and publishes an opening with the form above; its id and title. */
async function publishedOpening(browser: Browser, organization: string, titlePrefix: string) {
  const orgContext = await browser.newContext();
  const orgPage = await orgContext.newPage();
  await signInAsOrganization(orgPage, organization);
  const token = await orgPage.evaluate(() => localStorage.getItem('placely.accessToken'));
  const title = `${titlePrefix} ${Date.now().toString(36)}`;
  const created = await orgPage.request.post('/api/organization/openings', {
    headers: { Authorization: token ?? '' },
    data: opening(title),
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = ((await created.json()) as { result: { data: { id: string } } }).result.data;
  await orgContext.close();
  return { id, title };
}

test('a signed-out visitor reads every question without JavaScript, then signs in with it and finds the form filled', async ({
  browser,
}) => {
  const { id, title } = await publishedOpening(browser, 'Initech Hiring', 'Backend Intern');

  // Without JavaScript: the server's HTML holds the opening, every question and the way to apply.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const reader = await noScript.newPage();
  const response = await reader.goto(`/forms/${id}`);
  const html = (await response?.text()) ?? '';
  expect(html).toContain(`<meta property="og:title" content="${title} · Initech Hiring" />`);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText('Initech Hiring')).toBeVisible();
  await expect(reader.getByText(/Apply by/)).toBeVisible();
  await expect(reader.getByText('Everyone can apply.')).toBeVisible();
  await expect(reader.getByRole('heading', { name: 'Sign in with Google to apply' })).toBeVisible();
  await expect(reader.getByRole('banner')).toHaveCount(0);
  const questions = reader.getByRole('region', { name: 'The questions' });
  for (const section of form.sections) {
    await expect(questions.getByRole('heading', { level: 3, name: section.title })).toBeVisible();
    for (const field of section.fields) await expect(questions.getByText(field.label, { exact: true })).toBeVisible();
  }
  await expect(questions.getByText('Developer tools')).toBeVisible();
  await expect(questions.getByText('A few sentences.')).toBeVisible();
  await expect(questions.getByText(/A file: PDF, up to 2 MB/)).toBeVisible();
  await noScript.close();

  // With JavaScript: the same page, then "Sign in with Google" fills the form from the new account.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/forms/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const email = uniqueEmail('reader');
  await signIn(page, {
    email,
    name: 'Kavya Nair',
    button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  const application = page.getByRole('form', { name: 'Application form' });
  await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Kavya Nair');
  await expect(application.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(application.getByText('From your profile', { exact: true }).first()).toBeVisible();
  await context.close();
});

test('home, read without JavaScript, says what Placely is', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your next opportunity, one form away' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Placely')).toBeVisible();
  await context.close();
});

test.describe('the offline copy', () => {
  // The config blocks the service worker in every other test (it precaches the whole build per context).
  test.use({ serviceWorkers: 'allow' });

  test('a second visit to a form link opens offline from the service worker, filled and ready to type in', async ({
    browser,
    page,
  }) => {
    // While offline, Chromium logs the refused requests.
    allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch/);
    const { id, title } = await publishedOpening(browser, 'Globex Careers', 'Offline Intern');

    await signInAsStudent(page, 'Meera Iyer');
    await page.goto(`/forms/${id}`);
    const application = page.getByRole('form', { name: 'Application form' });
    await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Meera Iyer');
    // The worker has installed (app shell and every chunk precached), controls the page and keeps this form.
    await page.waitForFunction(async () =>
      Boolean((await navigator.serviceWorker.ready) && navigator.serviceWorker.controller),
    );
    await page.reload();
    await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Meera Iyer');
    await page.waitForFunction(async () => (await (await caches.open('placely-forms')).keys()).length > 0);

    await page.context().setOffline(true);
    await page.reload();
    // The worker waits up to 6 s for the network before answering from its copy.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Meera Iyer');
    await application.getByRole('textbox', { name: 'Why this role?' }).fill('I like APIs.');
    await expect(page.getByRole('status').filter({ hasText: 'Offline — saved on this device' })).toBeVisible();
    await page.context().setOffline(false);
  });
});
