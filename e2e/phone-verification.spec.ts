import { allowConsoleErrors, expect, signInAsStudent, test } from './support/fixtures';

test('a student verifies a phone number with the code sent by SMS', async ({ page }) => {
  // Chromium logs the deliberate wrong code's 400 response to the console.
  allowConsoleErrors(page, /status of 400/);
  await signInAsStudent(page, 'Tara Menon');
  await page.goto('/student/profile');
  await page.getByLabel('Add a phone number').fill('+91 98765 43210');
  await page.getByRole('button', { name: 'Add number' }).click();
  const phones = page.getByRole('list', { name: 'Phone numbers' });
  await expect(phones.getByText('+919876543210')).toBeVisible();

  await page.getByRole('button', { name: 'Verify +919876543210' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify +919876543210' });
  // The development server shows the SMS it would have sent.
  const message = dialog.getByText(/is your Placely verification code/);
  await expect(message).toBeVisible();
  const code = /(\d{6}) is your Placely verification code/.exec((await message.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Verification code').fill(wrong);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('That code is not right. Check the message and try again.')).toBeVisible();

  await dialog.getByLabel('Verification code').fill(code as string);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await expect(phones.getByText('Verified')).toBeVisible();
  await expect(phones.getByText('Primary')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Phone numbers' }).getByText('Verified')).toBeVisible();
});

test('reopening the dialog within the resend cooldown lets the person enter the code already sent', async ({
  page,
}) => {
  await signInAsStudent(page, 'Ravi Iyer');
  await page.goto('/student/profile');
  await page.getByLabel('Add a phone number').fill('+91 98765 11111');
  await page.getByRole('button', { name: 'Add number' }).click();
  const phones = page.getByRole('list', { name: 'Phone numbers' });
  await expect(phones.getByText('+919876511111')).toBeVisible();

  await page.getByRole('button', { name: 'Verify +919876511111' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify +919876511111' });
  const message = dialog.getByText(/is your Placely verification code/);
  await expect(message).toBeVisible();
  const code = /(\d{6}) is your Placely verification code/.exec((await message.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Within 60 s: no new code is asked for, the code box is open, and the cooldown shows only on the resend button.
  await page.getByRole('button', { name: 'Verify +919876511111' }).click();
  await expect(dialog.getByLabel('Verification code')).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /Send a new code \(\d+s\)/ })).toBeDisabled();
  await expect(dialog.getByText(/Wait \d+ seconds/)).toHaveCount(0);
  await expect(dialog.getByText(`${code} is your Placely verification code`, { exact: false })).toBeVisible();
  await dialog.getByLabel('Verification code').fill(code as string);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await expect(phones.getByText('Verified')).toBeVisible();
});
