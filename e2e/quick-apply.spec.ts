import type { OpeningInput } from '@placely/contract';
import type { Browser, Page } from '@playwright/test';
import {
  allowConsoleErrors,
  expect,
  signIn,
  signInAsOrganization,
  signInAsStudent,
  test,
  uniqueEmail,
} from './support/fixtures';

/**
 * Openings are made through the API by an organization signed in in its own browser context (the organization's
 * builder UI is tested on its own), then applied to as applicants do.
 */

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let counter = 0;
function uniqueTitle(base: string): string {
  counter += 1;
  return `${base} ${Date.now().toString(36)}${counter}`;
}

function openingInput(overrides: Partial<OpeningInput>): OpeningInput {
  return {
    title: 'Opening',
    kind: 'internship',
    description: '<p>Work with our <strong>platform team</strong> on APIs.</p>',
    locations: ['Bengaluru'],
    remote: true,
    compensation: { min: 40000, max: 60000, currency: 'INR', period: 'month' },
    openingsCount: 3,
    deadline: inDays(30),
    startDate: null,
    status: 'open',
    responseCap: null,
    eligibility: { minGrade: null, allowedDegrees: [], allowedBranches: [], graduationYears: [], maxBacklogs: null },
    applyMode: 'form',
    externalLink: null,
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
          ],
        },
      ],
    },
    ...overrides,
  };
}

/** A signed-in organization in its own context, able to create openings through the API. */
async function organization(browser: Browser, name = 'Globex Hiring') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsOrganization(page, name);
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken'));
  if (!token) throw new Error('no access token after sign-in');
  return {
    async createOpening(overrides: Partial<OpeningInput>): Promise<{ id: string; title: string }> {
      const response = await page.request.post('/api/organization/openings', {
        headers: { Authorization: token },
        data: openingInput(overrides),
      });
      expect(response.status(), await response.text()).toBe(200);
      const body = (await response.json()) as { result: { data: { id: string; title: string } } };
      return body.result.data;
    },
    page,
    close: () => context.close(),
  };
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor opens a form link, signs in, applies with an upload, keeps the draft over a reload, edits, and finds it on /forms', async ({
  page,
  browser,
}) => {
  const org = await organization(browser);
  const title = uniqueTitle('Platform Engineering Intern');
  const opening = await org.createOpening({
    title,
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          description: 'We fill what we can from your profile.',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
            { id: 'why', type: 'paragraph', label: 'Why this role?', required: true, helpText: 'A few sentences.' },
            {
              id: 'portfolio',
              type: 'fileUpload',
              label: 'Portfolio',
              required: true,
              acceptedTypes: ['application/pdf'],
              maxBytes: 5 * 1024 * 1024,
            },
            { id: 'relocate', type: 'yesNo', label: 'Willing to relocate?', required: false },
          ],
        },
        {
          id: 'history',
          title: 'Education',
          fields: [
            {
              id: 'schools',
              type: 'repeatableGroup',
              label: 'Schools',
              required: true,
              maxRows: 3,
              fields: [
                { id: 'school', type: 'shortText', label: 'School', required: true },
                { id: 'year', type: 'number', label: 'Year', required: false },
              ],
            },
          ],
        },
      ],
    },
  });
  await org.close();

  // Anonymous: the opening, no top bar, and a sign-in button.
  await page.goto(`/forms/${opening.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Globex Hiring')).toBeVisible();
  await expect(page.getByText('platform team')).toBeVisible();
  await expect(page.getByText(/Apply by/)).toBeVisible();
  await expect(page.getByText('Everyone can apply.')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  // Signing in from the form makes a new person an Individual without asking for an account type.
  const email = uniqueEmail('applicant');
  await signIn(page, {
    email,
    name: 'Meera Pillai',
    button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  await expect(page).toHaveURL(new RegExp(`/forms/${opening.id}$`));
  const form = page.getByRole('form', { name: 'Application form' });
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Meera Pillai');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(form.getByText('From your profile', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  // Required fields are checked before sending; the first invalid one gets the focus.
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.getByRole('textbox', { name: 'Why this role?' })).toBeFocused();
  await expect(form.getByText('Upload a file', { exact: true })).toBeVisible();

  await form.getByRole('textbox', { name: 'Why this role?' }).fill('I build developer tools.');
  await form.getByLabel('File for Portfolio').setInputFiles({
    name: 'portfolio.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(2 * 1024 * 1024),
  });
  // On a fast machine the 2 MB can be sent before the bar is seen: either the bar or the finished upload shows.
  const uploaded = form.getByRole('button', { name: 'Download portfolio.pdf' });
  await expect(form.getByRole('progressbar', { name: /Uploading portfolio\.pdf/ }).or(uploaded)).toBeVisible({
    timeout: 30_000,
  });
  await expect(uploaded).toBeVisible({ timeout: 30_000 });
  await form.getByRole('textbox', { name: 'School' }).fill('IIT Madras');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // A reload in the middle keeps every answer, the upload included.
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Why this role?' })).toHaveValue('I build developer tools.');
  await expect(form.getByRole('textbox', { name: 'School' })).toHaveValue('IIT Madras');
  await expect(form.getByRole('button', { name: 'Download portfolio.pdf' })).toBeVisible();
  await expect(page.getByText(/We restored the answers you saved/)).toBeVisible();

  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('button', { name: 'Add a row to Schools' }).click();
  await form.getByRole('region', { name: 'Schools, row 2' }).getByRole('textbox', { name: 'School' }).fill('DPS');
  await form.getByRole('button', { name: 'Submit application' }).click();

  await expect(page.getByText('Application sent')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your application' });
  await expect(summary.getByText('I build developer tools.')).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Download portfolio.pdf' })).toBeVisible();
  await expect(summary.getByText('IIT Madras')).toBeVisible();

  // Editing makes a new revision.
  await summary.getByRole('link', { name: 'Edit your application' }).click();
  await expect(page).toHaveURL(/\?edit=1$/);
  await form.getByRole('textbox', { name: 'Why this role?' }).fill('I build developer tools and APIs.');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved').first()).toBeVisible();
  await expect(summary.getByText('I build developer tools and APIs.')).toBeVisible();
  await expect(summary.getByText('Edited', { exact: true })).toBeVisible();
  await expect(summary.getByText(/revision 2/)).toBeVisible();

  await page.goto('/forms');
  const list = page.getByRole('list', { name: 'Your applications' });
  await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(list.getByText('Globex Hiring')).toBeVisible();
  await expect(list.getByText('Edited', { exact: true })).toBeVisible();
  await list.getByRole('link', { name: `Edit your application to ${title}` }).click();
  await expect(form.getByRole('textbox', { name: 'Why this role?' })).toHaveValue('I build developer tools and APIs.');
});

test('a student applies in one click from the Home feed', async ({ page, browser }) => {
  const org = await organization(browser, 'Initech Careers');
  const title = uniqueTitle('Data Analyst');
  await org.createOpening({ title, kind: 'fullTime' });
  await org.close();

  await signInAsStudent(page, 'Kabir Shah');
  const feed = page.getByRole('region', { name: 'Openings' });
  await feed.getByRole('searchbox', { name: 'Search openings' }).fill(title);
  const card = feed.getByRole('listitem', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Full-time')).toBeVisible();
  // The shortcuts stay on Home.
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  await card.getByRole('button', { name: `Apply in one click to ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${title}?` });
  const sent = dialog.getByRole('definition');
  await expect(dialog.getByText('Full name')).toBeVisible();
  await expect(sent.filter({ hasText: 'Kabir Shah' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send application' }).click();
  const done = page.getByRole('dialog', { name: 'Application sent' });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: 'View application' }).click();
  await expect(page.getByText('You applied to this opening')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your application' }).getByText('Kabir Shah')).toBeVisible();
});

test('closed, draft, not-eligible and missing openings show their screens', async ({ page, browser }) => {
  const org = await organization(browser, 'Umbrella Labs');
  const closed = await org.createOpening({ title: uniqueTitle('Closed role'), status: 'closed' });
  const strict = await org.createOpening({
    title: uniqueTitle('Research Fellow'),
    eligibility: { minGrade: 9, allowedDegrees: [], allowedBranches: [], graduationYears: [2026], maxBacklogs: null },
  });
  const draft = await org.createOpening({ title: uniqueTitle('Unpublished role'), status: 'draft' });
  // Its organization sees a draft with a note and the form as a preview.
  await org.page.goto(`/forms/${draft.id}`);
  await expect(org.page.getByText('This opening is a draft')).toBeVisible();
  await expect(org.page.getByRole('textbox', { name: 'Full name' })).toBeVisible();
  await org.close();

  // Everyone else gets "not found" for the draft (the browser logs the 404s).
  allowConsoleErrors(page, /status of 404/);
  await page.goto(`/forms/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Opening not found' })).toBeVisible();
  await page.goto(`/forms/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Opening not found' })).toBeVisible();
  await page.goto('/forms');
  await expect(page.getByText('Sign in to see your applications')).toBeVisible();

  await page.goto(`/forms/${closed.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Applications are closed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);

  await page.goto(`/forms/${strict.id}`);
  await expect(page.getByText('Minimum grade: 9')).toBeVisible();
  await signIn(page, {
    email: uniqueEmail('fresher'),
    name: 'Tara Nair',
    button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  const screen = page.getByRole('alert').filter({ hasText: 'You can’t apply to this opening yet' });
  await expect(screen).toBeVisible();
  await expect(screen.getByText('Minimum grade: 9.')).toBeVisible();
  await expect(screen.getByText('Graduating in 2026.')).toBeVisible();
  await expect(screen.getByRole('link', { name: 'Update your education' })).toHaveAttribute(
    'href',
    '/student/education',
  );
  await expect(page.getByRole('form', { name: 'Application form' })).toHaveCount(0);
});

test('a short form works at 360 px wide and by keyboard alone', async ({ page, browser }) => {
  const org = await organization(browser, 'Hooli Campus');
  const title = uniqueTitle('Campus Ambassador');
  const opening = await org.createOpening({
    title,
    kind: 'campusDrive',
    form: {
      sections: [
        {
          id: 'main',
          title: 'Quick questions',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            {
              id: 'city',
              type: 'dropdown',
              label: 'City',
              required: true,
              options: [
                { id: 'blr', label: 'Bengaluru' },
                { id: 'pune', label: 'Pune' },
              ],
            },
            { id: 'events', type: 'yesNo', label: 'Can you run events?', required: true },
            { id: 'pitch', type: 'shortText', label: 'One-line pitch', required: true },
          ],
        },
      ],
    },
  });
  await org.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStudent(page, 'Ishaan Roy');
  await page.goto(`/forms/${opening.id}`);
  const form = page.getByRole('form', { name: 'Application form' });
  const name = form.getByRole('textbox', { name: 'Full name' });
  await expect(name).toHaveValue('Ishaan Roy');
  await expectNoHorizontalScroll(page);

  await name.focus();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'City' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  const pitch = form.getByRole('textbox', { name: 'One-line pitch' });
  await expect(pitch).toBeFocused();
  // Enter submits; the empty required pitch keeps the focus with its error.
  await page.keyboard.press('Enter');
  await expect(form.getByText('Required', { exact: true })).toBeVisible();
  await expect(pitch).toBeFocused();
  await page.keyboard.type('I bring people together.');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Application sent')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your application' });
  await expect(summary.getByText('Bengaluru')).toBeVisible();
  await expect(summary.getByText('Yes', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('offline: answers stay on the device and a submit waits for the connection, sending one application', async ({
  page,
  browser,
}) => {
  // While offline, Chromium logs the refused requests.
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const org = await organization(browser, 'Stark Talent');
  const title = uniqueTitle('Support Engineer');
  const opening = await org.createOpening({
    title,
    form: {
      sections: [
        {
          id: 'main',
          title: '',
          fields: [
            { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
            { id: 'story', type: 'paragraph', label: 'A problem you solved', required: true },
          ],
        },
      ],
    },
  });
  await org.close();

  await signInAsStudent(page, 'Rohan Das');
  await page.goto(`/forms/${opening.id}`);
  const form = page.getByRole('form', { name: 'Application form' });
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Rohan Das');

  await page.context().setOffline(true);
  await form.getByRole('textbox', { name: 'A problem you solved' }).fill('Fixed a flaky build.');
  await expect(page.getByRole('status').filter({ hasText: 'Offline — saved on this device' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your application will be sent as soon as' })).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.getByText('Application sent')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your application' }).getByText('Fixed a flaky build.')).toBeVisible();

  await page.goto('/forms');
  await expect(page.getByRole('list', { name: 'Your applications' }).getByRole('listitem')).toHaveCount(1);
});
