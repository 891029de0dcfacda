import { readFile } from 'node:fs/promises';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const letterPdf = () =>
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * Issue 41, offers: the company moves a candidate to Offered on the board and fills in the offer with its letter;
 * the student opens the letter and accepts; the company sees "Accepted"; the student's placements show the
 * placement verified by the company. The opening and the application are set up over the API.
 */
test('an organization makes an offer from the pipeline; the student reads the letter and accepts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Offer Labs');
  const orgToken = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: orgToken },
    data: openingInput('Backend engineer'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  const student = await (await browser.newContext()).newPage();
  await signInAsStudent(student, 'Ravi Offered');
  const studentToken = await student.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const applied = await student.request.post('/api/placements/campus/apply', {
    headers: { Authorization: studentToken },
    data: { openingId, idempotencyKey: `e2e-offer-${Date.now()}`, answers: { name: 'Ravi Offered' } },
  });
  expect(applied.ok(), await applied.text()).toBe(true);

  // The board: "Move to…" Offered asks for the offer instead of moving.
  await page.goto(`/organization/openings?opening=${openingId}&view=board`);
  const board = page.getByRole('region', { name: 'Pipeline board' });
  const applicant = board.getByRole('listitem', { name: /Ravi Offered, in Applied/ });
  await applicant.getByRole('button', { name: 'Move to…' }).click();
  await page.getByRole('menuitem', { name: 'Offered' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make the offer to Ravi Offered' });
  await expect(dialog.getByRole('textbox', { name: 'Role' })).toHaveValue('Backend engineer');
  await dialog.getByRole('button', { name: 'Send the offer' }).click();
  await expect(dialog.getByText('Must be a number')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'CTC or stipend' }).fill('1200000');
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Pune');
  await dialog.getByLabel('Joining date').fill('2027-07-01');
  await dialog
    .getByLabel('Offer letter file')
    .setInputFiles({ name: 'Offer letter.pdf', mimeType: 'application/pdf', buffer: letterPdf() });
  await expect(dialog.getByText('Offer letter.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page.getByText('Offer sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  const offered = board.getByRole('region', { name: 'Offered: 1 candidate' });
  await expect(offered.getByRole('listitem', { name: /Ravi Offered, in Offered/ })).toContainText(
    'Offer: Waiting for an answer',
  );

  // The student: the offer with its letter, then accepts.
  await student.goto('/student/cycles');
  const offers = student.getByRole('region', { name: 'Your offers' });
  await expect(offers.getByRole('heading', { name: 'Backend engineer · Offer Labs' })).toBeVisible();
  await expect(offers).toContainText('Pune');
  const download = student.waitForEvent('download');
  await offers.getByRole('button', { name: 'Open the offer letter from Offer Labs' }).click();
  const letter = await download;
  expect(letter.suggestedFilename()).toBe('Offer letter.pdf');
  expect((await readFile(await letter.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await offers.getByRole('button', { name: 'Accept Backend engineer' }).click();
  await student
    .getByRole('dialog', { name: 'Accept the offer from Offer Labs?' })
    .getByRole('button', {
      name: 'Accept the offer',
    })
    .click();
  await expect(student.getByText('Offer accepted')).toBeVisible();
  await expect(offers.getByText('Accepted', { exact: true })).toBeVisible();

  // The company sees the answer in the candidate's panel.
  await page.reload();
  await offered.getByRole('button', { name: 'Ravi Offered' }).click();
  const panel = page.getByRole('dialog', { name: 'Ravi Offered' });
  const offerSection = panel.getByRole('region', { name: 'Offer' });
  await expect(offerSection.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(offerSection.getByRole('button', { name: 'Rescind the offer…' })).toBeVisible();
  await expect(offerSection.getByRole('button', { name: 'Withdraw the offer…' })).toHaveCount(0);

  // The student's placements: the accepted offer, verified by the company.
  await student.goto('/student/placements');
  const placement = student.getByRole('listitem').filter({ hasText: 'Backend engineer' });
  await expect(placement).toContainText('Offer Labs');
  await expect(placement.getByText('Verified', { exact: true })).toBeVisible();
  await student.context().close();
});
