import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signIn, signInAsOrganization, test, uniqueEmail } from './support/fixtures';

/**
 * Issue #4's whole journey through the real screens: an organization builds an opening in the builder and shares
 * its link; a visitor opens it in a fresh browser, signs in from the form, applies with an upload (keeping the
 * draft over a reload), edits; the organization sees the application and the edit and downloads the CSV; a second
 * opening is then applied to in one click.
 */

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

async function addQuestion(page: Page, type: string, label: string) {
  await page.getByRole('button', { name: 'Add a question to Your details' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const focused = page.locator('input:focus');
  await expect(focused).toHaveAttribute('name', /^form\.sections\.\d+\.fields\.\d+\.label$/);
  await focused.fill(label);
}

test('built in the builder, applied to from a shared link, seen by the organization, then one click', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now().toString(36);
  const title = `Design systems intern ${stamp}`;

  // The organization builds the opening: the starter questions fill from the profile; a file and a repeatable group.
  await signInAsOrganization(page, 'Lumen Studio');
  await page.goto('/organization/createOpening');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await addQuestion(page, 'File upload', 'Portfolio');
  await addQuestion(page, 'Repeatable group', 'Projects');
  await page.getByLabel('Required (at least one row)').check();
  // The group's first sub-question starts named ("Title"), so nothing blocks saving; it is renamed here.
  await page.getByRole('button', { name: 'Edit sub-question Title' }).click();
  await page.locator('input[name="form.sections.0.fields.3.fields.0.label"]').fill('Project');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Opening created')).toBeVisible();

  await page.getByRole('link', { name: 'All your openings' }).click();
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: `Copy link to ${title}` }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/forms/[0-9a-f-]{36}$`));

  // A visitor in a fresh browser: the opening without a top bar, and sign-in from the form.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('banner')).toHaveCount(0);
  const email = uniqueEmail('visitor');
  await signIn(visitor, {
    email,
    name: 'Ritu Sharma',
    button: visitor.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  // A new person becomes an Individual without being asked, and the form fills itself in.
  const form = visitor.getByRole('form', { name: 'Application form' });
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ritu Sharma');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  await form.getByLabel('File for Portfolio').setInputFiles({
    name: 'ritu-portfolio.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(2 * 1024 * 1024),
  });
  // The outcome, not the progress bar on the way: a fast upload finishes before the bar is ever drawn (issue 39).
  await expect(form.getByRole('button', { name: 'Download ritu-portfolio.pdf' })).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole('progressbar', { name: /Uploading ritu-portfolio\.pdf/ })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Project' }).fill('Icon set for a bank');
  await expect(visitor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  await visitor.reload();
  await expect(form.getByRole('textbox', { name: 'Project' })).toHaveValue('Icon set for a bank');
  await expect(form.getByRole('button', { name: 'Download ritu-portfolio.pdf' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(visitor.getByText('Application sent')).toBeVisible();

  const summary = visitor.getByRole('region', { name: 'Your application' });
  await summary.getByRole('link', { name: 'Edit your application' }).click();
  await form.getByRole('textbox', { name: 'Project' }).fill('Icon set for a national bank');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(summary.getByText('Icon set for a national bank')).toBeVisible();
  await expect(summary.getByText('Edited', { exact: true })).toBeVisible();

  // The organization sees the application and the edit, and downloads every answer.
  await page.reload();
  await expect(card.getByText('1 application')).toBeVisible();
  await card.getByRole('link', { name: `Responses to ${title}` }).click();
  const table = page.getByRole('table', { name: `Applications to ${title}` });
  await table.getByRole('button', { name: 'Open the application of Ritu Sharma' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Projects: 1. Project: Icon set for a bank → 1. Project: Icon set for a national bank'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain('Ritu Sharma');
  expect(csv).toContain('Icon set for a national bank');
  expect(csv).toContain('ritu-portfolio.pdf');

  // A second opening that asks only for what the profile holds: one click from Home.
  const second = `Brand designer ${stamp}`;
  await page.goto('/organization/createOpening');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(second);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Opening created')).toBeVisible();

  await visitor.goto('/');
  const feed = visitor.getByRole('region', { name: 'Openings' });
  await feed.getByRole('searchbox', { name: 'Search openings' }).fill(second);
  await feed.getByRole('button', { name: `Apply in one click to ${second}` }).click();
  await visitor
    .getByRole('dialog', { name: `Apply to ${second}?` })
    .getByRole('button', { name: 'Send application' })
    .click();
  await expect(visitor.getByRole('dialog', { name: 'Application sent' })).toBeVisible();
  await visitorContext.close();
});
