import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

test('a candidate applies and is moved: bells count it live, the notification opens the application, the mail unsubscribes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Notifications intern ${Date.now().toString(36)}`;
  await signInAsOrganization(page, 'Bellwether Labs');
  const orgToken = (await page.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: orgToken },
    data: openingInput(title),
  });
  expect(created.ok()).toBe(true);
  const opening = (await created.json()).result.data as { id: string };
  const orgBell = page.getByRole('banner').getByRole('link', { name: /^Notifications: \d+ unread$/ });
  await expect(orgBell).toHaveAccessibleName('Notifications: 0 unread');

  // The candidate applies in another browser.
  const candidateContext = await browser.newContext();
  const candidate = await candidateContext.newPage();
  await signInAsStudent(candidate, 'Nila Raman');
  await candidate.goto(`/forms/${opening.id}`);
  const form = candidate.getByRole('form', { name: 'Application form' });
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Nila Raman');
  await form.getByRole('button', { name: 'Submit application' }).click();

  // The organization's bell rises without a reload (Server-Sent Events).
  await expect(orgBell).toHaveAccessibleName('Notifications: 1 unread');

  // The candidate's bell counts the "received" notification.
  await candidate.goto('/');
  const bell = candidate.getByRole('banner').getByRole('link', { name: /^Notifications: \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');

  // The organization moves the candidate to Shortlisted in its pipeline; the candidate's bell rises without a reload.
  await page.goto(`/organization/openings?opening=${opening.id}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  const table = page.getByRole('table', { name: `Applications to ${title}` });
  await table.getByRole('checkbox', { name: 'Select Nila Raman' }).check();
  await pipeline.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: /Move 1 candidate/ });
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Shortlisted' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(table.getByRole('cell', { name: 'Shortlisted', exact: true })).toHaveCount(1);
  await expect(bell).toHaveAccessibleName('Notifications: 2 unread');

  // Opening the notification lands on the application, which shows the candidate-facing label.
  await bell.click();
  await expect(candidate).toHaveURL(/\/notifications$/);
  const update = candidate.getByTestId('notification-item').filter({ hasText: 'Application update' });
  await expect(update).toContainText(`Your application to "${title}" at Bellwether Labs is now: Under review.`);
  await update.click();
  await expect(candidate).toHaveURL(new RegExp(`/forms/${opening.id}$`));
  await expect(candidate.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(candidate.getByText('Under review')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');

  // The development outbox has the matching mail; its unsubscribe link works signed out.
  const token = (await candidate.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';
  let mail: { subject: string; text: string; unsubscribeUrl: string } | undefined;
  await expect
    .poll(async () => {
      const latest = await candidate.request.get('/api/dev/mail/latest', { headers: { Authorization: token } });
      if (latest.ok()) mail = (await latest.json()).result.data;
      return mail?.subject;
    })
    .toBe('Application update — Placely');
  expect(mail?.text).toContain('is now: Under review.');
  expect(mail?.text).toContain(`/forms/${opening.id}`);
  const signedOut = await browser.newContext();
  const mailReader = await signedOut.newPage();
  await mailReader.goto(mail?.unsubscribeUrl ?? '');
  await mailReader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(mailReader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  await candidate.goto('/notifications');
  await expect(
    candidate.getByRole('checkbox', { name: 'Your application moved to another stage: email' }),
  ).not.toBeChecked();
  await expect(
    candidate.getByRole('checkbox', { name: 'Your application moved to another stage: in Placely' }),
  ).toBeChecked();
  await expect(
    candidate.getByRole('checkbox', { name: 'Application received (to you, after you apply): email' }),
  ).toBeChecked();
  await signedOut.close();
  await candidateContext.close();
});
