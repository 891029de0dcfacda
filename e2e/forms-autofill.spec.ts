import type { OpeningInput } from '@placely/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

/**
 * Issue 43, "Auto-fill that finds itself", as an applicant meets it: answers marked as coming from the profile, a
 * saved resume picked instead of uploading again, and a changed answer saved back to the profile only when chosen.
 * What is not under test (the openings, the profile's phone, the resumes) is set up through the API.
 */

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

const form: OpeningInput['form'] = {
  sections: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'phone', type: 'phone', label: 'Mobile number', required: true, autoFillKey: 'phone' },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'Resume',
          required: true,
          acceptedTypes: ['application/pdf'],
          maxBytes: 2 * 1024 * 1024,
          autoFillKey: 'resume',
        },
        { id: 'why', type: 'paragraph', label: 'Why this role?', required: false },
      ],
    },
  ],
};

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken'));
  if (!token) throw new Error('no access token after sign-in');
  return token;
}

/** Two openings with the same form, made by an organization in its own browser context. */
async function twoOpenings(browser: Browser): Promise<[{ id: string; title: string }, { id: string; title: string }]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsOrganization(page, 'Hooli Campus');
  const headers = { Authorization: await tokenOf(page) };
  const stamp = Date.now().toString(36);
  const create = async (title: string) => {
    const response = await page.request.post('/api/organization/openings', {
      headers,
      data: openingInput(`${title} ${stamp}`, { form }),
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { result: { data: { id: string; title: string } } }).result.data;
  };
  const openings = [await create('Backend Intern'), await create('Platform Intern')] as const;
  await context.close();
  return [openings[0], openings[1]];
}

async function addResume(request: APIRequestContext, headers: Record<string, string>, title: string, name: string) {
  const uploaded = await request.post(`/api/files?purpose=resume&name=${encodeURIComponent(name)}`, {
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    data: pdf(8 * 1024),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const file = ((await uploaded.json()) as { result: { data: { id: string } } }).result.data;
  const added = await request.post('/api/resume', { headers, data: { fileId: file.id, title } });
  expect(added.status(), await added.text()).toBe(200);
}

test('a student sees what came from the profile, picks a saved resume, and saves a new phone to the profile', async ({
  page,
  browser,
}) => {
  // Two sign-ins, two uploads, three full page loads: about a minute when the machine is shared.
  test.setTimeout(180_000);
  const [first, second] = await twoOpenings(browser);

  await signInAsStudent(page, 'Tara Menon');
  const headers = { Authorization: await tokenOf(page) };
  const phone = await page.request.post('/api/user/profile', {
    headers,
    data: { phoneNumbers: [{ number: '+919812300001' }] },
  });
  expect(phone.status(), await phone.text()).toBe(200);
  // The first resume becomes the default.
  await addResume(page.request, headers, 'General', 'general.pdf');
  await addResume(page.request, headers, 'Data roles', 'data-roles.pdf');

  await page.goto(`/forms/${first.id}`);
  const application = page.getByRole('form', { name: 'Application form' });
  const mobile = application.getByRole('textbox', { name: 'Mobile number' });
  await expect(application.getByRole('textbox', { name: 'Full name' })).toHaveValue('Tara Menon', { timeout: 30_000 });
  await expect(mobile).toHaveValue('+919812300001');
  await expect(application.getByRole('button', { name: 'Download general.pdf' })).toBeVisible();
  // Name, phone and the default resume are each marked; "Why this role?" is not.
  const marks = application.getByText('From your profile', { exact: true });
  await expect(marks).toHaveCount(3);
  await expect(application.getByRole('checkbox', { name: /Save to my profile too/ })).toHaveCount(0);

  // The other saved resume answers the question without uploading it again.
  const picker = application.getByRole('combobox', { name: 'Use a saved resume' });
  await expect(picker.getByRole('option')).toHaveText([
    'Choose a saved resume…',
    'General (general.pdf) · default',
    'Data roles (data-roles.pdf)',
  ]);
  await picker.selectOption({ label: 'Data roles (data-roles.pdf)' });
  await expect(application.getByRole('button', { name: 'Download data-roles.pdf' })).toBeVisible();
  await expect(marks).toHaveCount(2);

  // A changed phone: the mark goes, and saving it to the profile is offered, unticked.
  await mobile.fill('+91 98123 00999');
  await expect(marks).toHaveCount(1);
  const save = application.getByRole('checkbox', { name: 'Save to my profile too: Mobile number' });
  await expect(save).not.toBeChecked();
  await expect(application.getByText(/Saved as your primary phone number/)).toBeVisible();
  await save.check();
  await application.getByRole('button', { name: 'Submit application' }).click();

  await expect(page.getByText('Application sent')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your application' });
  await expect(summary.getByRole('button', { name: 'Download data-roles.pdf' })).toBeVisible();
  await expect(summary.getByText('+91 98123 00999')).toBeVisible();

  // The profile has the new number as its primary one; the earlier number stays.
  await page.goto('/student/profile');
  const numbers = page.getByRole('list', { name: 'Phone numbers' });
  // Each full page load below may take longer than one expectation's default on a busy machine.
  await expect(numbers.getByRole('listitem').filter({ hasText: '+919812300999' })).toContainText('Primary', {
    timeout: 30_000,
  });
  await expect(numbers.getByRole('listitem').filter({ hasText: '+919812300001' })).not.toContainText('Primary');

  // The next form fills in the new number, marked as coming from the profile; the resume is the default again.
  await page.goto(`/forms/${second.id}`);
  await expect(mobile).toHaveValue('+919812300999', { timeout: 30_000 });
  await expect(application.getByRole('button', { name: 'Download general.pdf' })).toBeVisible();
  await expect(marks).toHaveCount(3);
});
