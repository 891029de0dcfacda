import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test, uniqueEmail } from './support/fixtures';

/** A new Individual signed in over HTTP only (as candidate-panel.spec.ts does); answers their access token. */
async function applicantToken(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const login = await request.get(`/api/auth/start?origin=${encodeURIComponent(origin)}`);
  const form = /action="([^"]+)"/.exec(await login.text())?.[1];
  if (!form) throw new Error(`no login form (${login.status()})`);
  const callback = await request.post(new URL(form.replaceAll('&amp;', '&'), login.url()).toString(), {
    form: { email: uniqueEmail('applicant'), name },
  });
  const json = /<script type="application\/json" id="placely-auth-result"[^>]*>(.*?)<\/script>/s.exec(
    await callback.text(),
  )?.[1];
  const token = json ? (JSON.parse(json) as { accessToken?: string }).accessToken : undefined;
  if (!token) throw new Error('sign-in did not complete');
  expect(
    (await request.post('/api/user/signIn', { headers: { Authorization: token }, data: { assumeStudent: true } })).ok(),
  ).toBe(true);
  return token;
}

test('a coordinator keeps templates, rejects one candidate with a templated mail, and schedules then cancels a message', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL as string;
  const origin = new URL(baseURL).origin;
  await signInAsOrganization(page, 'Letters Inc');
  const orgToken = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const form = {
    sections: [
      {
        id: 'about',
        title: 'About you',
        fields: [{ id: 'name', type: 'shortText', label: 'Full name', required: true }],
      },
    ],
  };
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: orgToken },
    data: openingInput('Data analyst', { form } as never),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const tokens: Record<string, string> = {};
  for (const name of ['Asha Verma', 'Ravi Kumar']) {
    const request = await playwrightRequest.newContext({ baseURL });
    tokens[name] = await applicantToken(request, origin, name);
    const applied = await request.post('/api/placements/campus/apply', {
      headers: { Authorization: tokens[name] as string },
      data: { openingId, idempotencyKey: `e2e-letters-${Date.now()}-${name.split(' ')[0]}`, answers: { name } },
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    await request.dispose();
  }

  await page.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await expect(page.getByRole('status').filter({ hasText: '2 applications' })).toBeVisible();

  // A template: an unknown merge field is named before saving.
  await pipeline.getByRole('button', { name: 'Templates' }).click();
  const templates = page.getByRole('dialog', { name: 'Message templates' });
  await expect(templates.getByText('No templates yet.')).toBeVisible();
  await templates.getByRole('button', { name: 'New template' }).click();
  await templates.getByRole('textbox', { name: 'Name' }).fill('Polite no');
  await templates.getByRole('textbox', { name: 'Subject' }).fill('Your application to {{openingTitle}}');
  await templates.getByRole('textbox', { name: 'Message' }).fill('Dear {{fullName}}, thank you.');
  await expect(templates.getByText(/Unknown merge field \{\{fullName\}\}/)).toBeVisible();
  await expect(templates.getByRole('button', { name: 'Save template' })).toBeDisabled();
  await templates
    .getByRole('textbox', { name: 'Message' })
    .fill('Dear {{firstName}}, we will not go further this time.');
  await templates.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(templates.getByText('Polite no')).toBeVisible();
  await templates.getByRole('button', { name: 'Close' }).click();

  // Reject one candidate with a reason and the templated mail, now.
  const table = page.getByRole('table', { name: 'Applications to Data analyst' });
  await table.getByRole('button', { name: 'Open the application of Asha Verma' }).click();
  const panel = page.getByRole('dialog', { name: 'Asha Verma' });
  await panel.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this candidate' });
  await reject.getByRole('textbox', { name: 'Reason' }).fill('SQL answers were thin');
  await reject.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Polite no' }).click();
  await expect(reject.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your application to {{openingTitle}}');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Candidate rejected and told')).toBeVisible();
  const messages = panel.getByRole('region', { name: 'Messages' });
  await expect(messages).toContainText('Your application to Data analyst');
  await expect(messages).toContainText('Dear Asha, we will not go further this time.');
  await expect(panel.getByRole('region', { name: 'Stage history' })).toContainText('Applied → Rejected');

  // The candidate has it in their inbox and mail, and their application reads as not selected.
  const asha = { Authorization: tokens['Asha Verma'] as string };
  const inbox = await page.request.get('/api/notifications', { headers: asha });
  expect((await inbox.json()).result.data.items[0]).toMatchObject({
    kind: 'application.message',
    title: 'Your application to Data analyst',
  });
  await expect
    .poll(async () => {
      const latest = await page.request.get('/api/dev/mail/latest', { headers: asha });
      return latest.ok() ? (await latest.json()).result.data.subject : null;
    })
    .toBe('Your application to Data analyst — Placely');
  await panel.getByRole('button', { name: 'Close' }).click();

  // A message to both, scheduled; then cancelled for one of them before it goes.
  await table.getByRole('checkbox', { name: 'Select Asha Verma' }).check();
  await table.getByRole('checkbox', { name: 'Select Ravi Kumar' }).check();
  await pipeline.getByRole('button', { name: 'Message…' }).click();
  const message = page.getByRole('dialog', { name: 'Message 2 candidates' });
  await message.getByRole('textbox', { name: 'Subject' }).fill('Assessment on {{openingTitle}}');
  await message.getByRole('textbox', { name: 'Message' }).fill('Hi {{firstName}}, the assessment opens tomorrow.');
  await message.getByRole('checkbox', { name: 'Send later' }).check();
  await message.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Message scheduled for 2 candidates')).toBeVisible();

  await table.getByRole('button', { name: 'Open the application of Ravi Kumar' }).click();
  const ravi = page.getByRole('dialog', { name: 'Ravi Kumar' });
  const raviMessages = ravi.getByRole('region', { name: 'Messages' });
  await expect(raviMessages).toContainText('Hi Ravi, the assessment opens tomorrow.');
  await expect(raviMessages).toContainText('Scheduled for');
  await raviMessages.getByRole('button', { name: 'Cancel scheduled message “Assessment on Data analyst”' }).click();
  await expect(page.getByText('Scheduled message cancelled')).toBeVisible();
  await expect(raviMessages).toContainText('Cancelled');

  // At 360 px the reject dialog fits without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await ravi.getByRole('button', { name: 'Reject…' }).click();
  const narrow = page.getByRole('dialog', { name: 'Reject this candidate' });
  await expect(narrow.getByRole('textbox', { name: 'Reason' })).toBeVisible();
  const overflow = await narrow.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(narrow).toBeHidden();
});

test('a candidate withdraws their application from /forms with a reason, and the organization is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const orgContext = await browser.newContext();
  const orgPage = await orgContext.newPage();
  await signInAsOrganization(orgPage, 'Withdrawals Ltd');
  const orgToken = await orgPage.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const form = {
    sections: [
      {
        id: 'about',
        title: 'About you',
        fields: [{ id: 'name', type: 'shortText', label: 'Full name', required: true }],
      },
    ],
  };
  const created = await orgPage.request.post('/api/organization/openings', {
    headers: { Authorization: orgToken },
    data: openingInput('Support engineer', { form } as never),
  });
  const openingId: string = (await created.json()).result.data.id;

  await signInAsStudent(page, 'Meera Iyer');
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const applied = await page.request.post('/api/placements/campus/apply', {
    headers: { Authorization: token },
    data: { openingId, idempotencyKey: `e2e-withdraw-${Date.now()}`, answers: { name: 'Meera Iyer' } },
  });
  expect(applied.ok(), await applied.text()).toBe(true);

  await page.goto('/forms');
  await page.getByRole('button', { name: 'Withdraw your application to Support engineer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Accepted another offer');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Your application was withdrawn')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your applications' })).toContainText('Withdrawn');
  await expect(page.getByRole('button', { name: 'Withdraw your application to Support engineer' })).toHaveCount(0);

  const inbox = await orgPage.request.get('/api/notifications', { headers: { Authorization: orgToken } });
  expect((await inbox.json()).result.data.items[0]).toMatchObject({
    kind: 'application.withdrawn',
    body: 'Meera Iyer withdrew their application to "Support engineer". Reason: Accepted another offer',
  });
  await orgPage.goto(`/organization/openings?opening=${openingId}`);
  await expect(
    orgPage.getByRole('region', { name: 'Pipeline' }).getByRole('combobox', { name: 'Stage' }),
  ).toBeVisible();
  await orgPage.getByRole('region', { name: 'Pipeline' }).getByRole('combobox', { name: 'Stage' }).click();
  await expect(orgPage.getByRole('option', { name: 'Withdrawn (1)' })).toBeVisible();
  await orgContext.close();
});
