import { allowConsoleErrors, expect, signInAsStudent, test } from './support/fixtures';

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

test('a student uploads resumes (small and resumable), picks the default, downloads, renames and deletes', async ({
  page,
}) => {
  // Chromium logs the deliberately refused upload's 415 response.
  allowConsoleErrors(page, /status of 415/);
  await signInAsStudent(page, 'Ira Sen');
  await page.goto('/student/profile');
  await expect(page.getByText('No resumes yet.')).toBeVisible();
  const fileInput = page.locator('input[type="file"][accept*="pdf"]');

  await fileInput.setInputFiles({ name: 'General CV.pdf', mimeType: 'application/pdf', buffer: pdf(40 * 1024) });
  const list = page.getByRole('list', { name: 'Resumes' });
  await expect(list.getByText('General CV', { exact: true })).toBeVisible();
  await expect(list.getByText('Default')).toBeVisible();

  // Over 256 KB: goes through tus. Asserted by its outcome: a fast upload finishes before its progress bar is drawn.
  await fileInput.setInputFiles({ name: 'Data roles.pdf', mimeType: 'application/pdf', buffer: pdf(2 * 1024 * 1024) });
  await expect(list.getByText('Data roles', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: /Uploading Data roles\.pdf/ })).toHaveCount(0);

  // Something that is not a PDF is refused by content, whatever its name.
  await fileInput.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('not a pdf at all'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a PDF file.' })).toBeVisible();

  await page.getByRole('button', { name: 'Make default' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('Data roles');
  await expect(list.getByRole('listitem').first()).toContainText('Default');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Data roles' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Data roles.pdf');

  await page.getByRole('button', { name: 'Rename General CV' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename resume' });
  await renameDialog.getByLabel('Title').fill('Software roles');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Software roles', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Data roles' }).click();
  await page.getByRole('dialog', { name: 'Delete this resume?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText('Data roles', { exact: true })).toHaveCount(0);
  await expect(list.getByRole('listitem').first()).toContainText('Default');

  await page.getByRole('button', { name: 'Generate from my profile' }).click();
  await expect(list.getByText(/^Generated from profile \(\d{4}-\d{2}-\d{2}\)$/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Resumes' }).getByText('Software roles', { exact: true })).toBeVisible();
});
