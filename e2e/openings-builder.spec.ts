import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

const FIELD_TYPE_LABELS = [
  'Short text',
  'Paragraph',
  'Number',
  'Email',
  'Phone',
  'Link (URL)',
  'Date',
  'Single choice',
  'Multiple choice',
  'Dropdown',
  'Yes / No',
  'Linear scale',
  'File upload',
  'Repeatable group',
];

/** Adds a question through the section's menu; the new question's label input has the focus. */
async function addQuestion(page: Page, section: string, type: string, label: string) {
  await page.getByRole('button', { name: `Add a question to ${section}` }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  const focused = page.locator('input:focus');
  await expect(focused).toHaveAttribute('name', /^form\.sections\.\d+\.fields\.\d+\.label$/);
  await focused.fill(label);
}

async function questionTitles(builder: Locator): Promise<string[]> {
  const handles = builder.getByRole('button', { name: /^Reorder question / });
  return (await handles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Reorder question /, ''),
  );
}

test('an organization builds an opening with every field type, shares, edits, duplicates, closes, reopens and deletes it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsOrganization(page, 'Orbit Labs');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Openings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Openings' })).toBeVisible();
  await expect(page.getByText('No openings yet')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Create an opening' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an opening' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Platform engineering intern');
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Build the APIs');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' that run campus hiring. Team: ');
  await page.getByRole('button', { name: 'Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Link' });
  await linkDialog.getByLabel('Web address').fill('https://orbit.example/team');
  await linkDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(description.getByRole('link', { name: 'https://orbit.example/team' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Locations' }).fill('Pune');
  await page.getByRole('combobox', { name: 'Locations' }).press('Enter');

  await page.getByRole('combobox', { name: 'Graduation years' }).fill('2026');
  await page.getByRole('combobox', { name: 'Graduation years' }).press('Enter');
  await page.getByLabel('Only people whose education is verified by a verification group').check();

  // Every field type, in the starter section.
  const builder = page.getByRole('region', { name: 'Application form' });
  for (const type of FIELD_TYPE_LABELS) await addQuestion(page, 'Your details', type, `Q ${type}`);

  // A sub-question whose label is cleared is refused: the error summary at the top links to it.
  await builder.getByRole('button', { name: 'Edit sub-question Title' }).click();
  const subLabel = page.locator('input[name="form.sections.0.fields.15.fields.0.label"]');
  await subLabel.fill('');
  await page.getByRole('button', { name: 'Publish' }).click();
  const errorSummary = page.locator('#opening-error-summary');
  await expect(errorSummary).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: one setting needs fixing' })).toBeVisible();
  await errorSummary.getByRole('link', { name: /sub-question 1 › Question: Required/ }).click();
  const focused = page.locator('input:focus');
  await expect(focused).toHaveAttribute('name', /\.fields\.\d+\.fields\.0\.label$/);
  await focused.fill('School');
  await expect(errorSummary).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a sub-question' }).click();
  await page.getByRole('menuitem', { name: 'Number', exact: true }).click();
  await expect(focused).toHaveAttribute('name', /\.fields\.\d+\.fields\.1\.label$/);
  await focused.fill('Graduation year');

  // The file question takes PDFs only.
  await builder.getByRole('button', { name: 'Edit question Q File upload' }).click();
  await builder.getByRole('group', { name: 'Settings of Q File upload' }).getByLabel('PDF').check();

  // Keyboard reordering: "Q Phone" moves above "Q Email".
  const before = await questionTitles(builder);
  expect(before.indexOf('Q Phone')).toBe(before.indexOf('Q Email') + 1);
  const handle = builder.getByRole('button', { name: 'Reorder question Q Phone' });
  await handle.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The drag is ready for arrow keys once it has measured the list, which it announces as being over its own place:
  // an arrow pressed before that (a busy machine) moves nothing.
  await expect(page.getByText(/^Q Phone is over position \d+ of \d+\.$/)).toHaveText(
    `Q Phone is over position ${before.indexOf('Q Phone') + 1} of ${before.length}.`,
  );
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(/^Q Phone is over position \d+ of \d+\.$/)).toHaveText(
    `Q Phone is over position ${before.indexOf('Q Email') + 1} of ${before.length}.`,
  );
  await page.keyboard.press('Space');
  await expect
    .poll(async () => {
      const titles = await questionTitles(builder);
      return titles.indexOf('Q Phone') - titles.indexOf('Q Email');
    })
    .toBe(-1);

  // And by button: "Q Date" moves below "Q Single choice".
  await builder.getByRole('button', { name: 'Move question Q Date down' }).click();
  await expect
    .poll(async () => {
      const titles = await questionTitles(builder);
      return titles.indexOf('Q Date') - titles.indexOf('Q Single choice');
    })
    .toBe(1);

  // The live preview shows the questions as applicants see them.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Q Linear scale')).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Opening created')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/createOpening\?id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('form-version')).toHaveText('Form version 1');
  const openingId = new URL(page.url()).searchParams.get('id');

  await page.getByRole('link', { name: 'All your openings' }).click();
  const card = page.getByRole('article', { name: 'Platform engineering intern', exact: true });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('0 applications')).toBeVisible();

  await card.getByRole('button', { name: 'Copy link to Platform engineering intern' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/forms/${openingId}`);

  await card.getByRole('button', { name: 'QR code for Platform engineering intern' }).click();
  const qr = page.getByRole('dialog', { name: 'QR code' });
  await expect(qr.getByRole('img', { name: `QR code for ${baseURL}/forms/${openingId}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await qr.getByRole('button', { name: 'Download SVG' }).click();
  expect((await download).suggestedFilename()).toBe('platform-engineering-intern-qr.svg');
  await qr.getByRole('button', { name: 'Close' }).click();

  // Editing the form keeps a second version.
  await card.getByRole('link', { name: 'Edit Platform engineering intern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit opening' })).toBeVisible();
  await expect(page.getByTestId('form-version')).toHaveText('Form version 1');
  await expect(page.getByLabel('Only people whose education is verified by a verification group')).toBeChecked();
  await expect(page.getByRole('button', { name: '2026' })).toBeVisible();
  await addQuestion(page, 'Your details', 'Paragraph', 'Why us?');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await page.getByRole('link', { name: 'All your openings' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await page.getByRole('button', { name: 'Save opening' }).click();
  await expect(page.getByText('Opening saved · form version 2')).toBeVisible();
  await expect(page.getByTestId('form-version')).toHaveText('Form version 2');

  await page.getByRole('link', { name: 'All your openings' }).click();
  await card.getByRole('button', { name: 'More actions for Platform engineering intern', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  const copy = page.getByRole('article', { name: 'Platform engineering intern (copy)' });
  await expect(copy.getByText('Draft', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'More actions for Platform engineering intern', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Close' }).click();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'More actions for Platform engineering intern', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Reopen' }).click();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();

  await copy.getByRole('button', { name: 'More actions for Platform engineering intern (copy)' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this opening?' });
  await expect(confirm).toContainText('applications already received are kept');
  await confirm.getByRole('button', { name: 'Delete opening' }).click();
  await expect(copy).toHaveCount(0);
  await expect(card).toBeVisible();
});

function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

test('the organization sees an application and its edit, opens its file and downloads every answer as CSV', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsOrganization(page, 'Nova Hiring');
  const orgToken = (await page.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';

  const opening = await request.post('/api/organization/openings', {
    headers: { Authorization: orgToken },
    data: {
      title: 'Data analyst',
      kind: 'fullTime',
      description: '<p>Numbers.</p>',
      locations: ['Remote'],
      remote: true,
      compensation: null,
      openingsCount: null,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      startDate: null,
      status: 'open',
      responseCap: null,
      eligibility: { minGrade: null, allowedDegrees: [], allowedBranches: [], graduationYears: [], maxBacklogs: null },
      applyMode: 'form',
      externalLink: null,
      form: {
        sections: [
          {
            id: 's_main',
            title: 'About you',
            fields: [
              { id: 'f_name', type: 'shortText', label: 'Full name', required: true },
              {
                id: 'f_tools',
                type: 'multipleChoice',
                label: 'Tools',
                required: true,
                allowOther: true,
                options: [
                  { id: 'o_sql', label: 'SQL' },
                  { id: 'o_py', label: 'Python' },
                ],
              },
              {
                id: 'f_jobs',
                type: 'repeatableGroup',
                label: 'Past jobs',
                required: false,
                fields: [
                  { id: 'f_company', type: 'shortText', label: 'Company', required: true },
                  { id: 'f_years', type: 'number', label: 'Years', required: false },
                ],
              },
              {
                id: 'f_cv',
                type: 'fileUpload',
                label: 'CV',
                required: false,
                acceptedTypes: ['application/pdf'],
                maxBytes: 1_000_000,
              },
            ],
          },
        ],
      },
    },
  });
  expect(opening.status()).toBe(200);
  const openingId: string = (await opening.json()).result.data.id;

  // A student applies through the API, with a file, then edits one answer.
  const studentContext = await browser.newContext({ baseURL });
  const student = await studentContext.newPage();
  await signInAsStudent(student, 'Asha Verma');
  const studentToken = (await student.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';
  await studentContext.close();
  const studentHeaders = { Authorization: studentToken };
  const uploaded = await request.post('/api/files?purpose=application&name=asha-cv.pdf', {
    headers: { ...studentHeaders, 'Content-Type': 'application/octet-stream' },
    data: pdfBytes(),
  });
  expect(uploaded.status()).toBe(200);
  const file = (await uploaded.json()).result.data;
  const answers = {
    f_name: 'Asha Verma',
    f_tools: { optionIds: ['o_sql', '__other__'], otherText: 'dbt' },
    f_jobs: [{ f_company: 'Acme Analytics', f_years: 2 }],
    f_cv: { fileId: file.id, name: file.name, size: file.size, contentType: file.contentType },
  };
  const applied = await request.post('/api/placements/campus/apply', {
    headers: studentHeaders,
    data: { openingId, idempotencyKey: `e2e-${Date.now()}-apply-key`, answers },
  });
  expect(applied.status()).toBe(200);
  const applicationId: string = (await applied.json()).result.data.id;
  const edited = await request.put('/api/placements/campus/apply', {
    headers: studentHeaders,
    data: { applicationId, answers: { ...answers, f_name: 'Asha V. Verma' } },
  });
  expect(edited.status()).toBe(200);

  await page.goto('/organization/openings');
  const card = page.getByRole('article', { name: 'Data analyst' });
  await expect(card.getByText('1 application')).toBeVisible();
  await card.getByRole('link', { name: 'Responses to Data analyst' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?opening=${openingId}$`));
  const table = page.getByRole('table', { name: 'Applications to Data analyst' });
  await expect(table.getByRole('cell', { name: 'SQL, Other: dbt' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '1. Company: Acme Analytics; Years: 2' })).toBeVisible();

  await table.getByRole('button', { name: 'Applied (newest first)' }).click();
  await expect(table.getByRole('button', { name: 'Applied (oldest first)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?opening=${openingId}&sort=oldest$`));
  await expect(table.getByRole('cell', { name: 'SQL, Other: dbt' })).toBeVisible();

  await table.getByRole('button', { name: 'Open the application of Asha Verma' }).click();
  const dialog = page.getByRole('dialog');
  await expect(page).toHaveURL(new RegExp(`&application=${applicationId}$`));
  await expect(dialog.getByText('Asha V. Verma', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Form version 1', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Full name: Asha Verma → Asha V. Verma')).toBeVisible();
  const fileDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download asha-cv.pdf' }).click();
  expect((await fileDownload).suggestedFilename()).toBe('asha-cv.pdf');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?opening=${openingId}&sort=oldest$`));

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^Data analyst applications \d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await csv.path(), 'utf8');
  expect(text).toContain('Asha V. Verma');
  expect(text).toContain('dbt');
  expect(text).toContain('Acme Analytics');
  expect(text).toContain(`/organization/openings?opening=${openingId}&application=${applicationId}&file=${file.id}`);
  await expect(page.getByText(/downloaded \(1 rows?\)/)).toBeVisible();

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await readFile(await xlsx.path())).subarray(0, 2).toString()).toBe('PK');

  // The file link the export writes opens the application and downloads the file.
  const linkDownload = page.waitForEvent('download');
  await page.goto(`/organization/openings?opening=${openingId}&application=${applicationId}&file=${file.id}`);
  expect((await linkDownload).suggestedFilename()).toBe('asha-cv.pdf');
  await expect(page.getByRole('dialog').getByText('Asha V. Verma', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`&application=${applicationId}$`));
});

test('an organization uploads its logo and keeps it', async ({ page, request }) => {
  await signInAsOrganization(page, 'Kite Works');
  await page.goto('/organization/profile');
  const onePixelPng = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page
    .getByTestId('logo-file-input')
    .setInputFiles({ name: 'kite.png', mimeType: 'image/png', buffer: onePixelPng });
  const logoUrl = page.getByRole('textbox', { name: 'Logo URL' });
  await expect(logoUrl).toHaveValue(/\/api\/files\/[0-9a-f-]{36}\/public$/);
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  // A new organization's name starts empty (never the owner's personal name, issue 40).
  await page.getByRole('textbox', { name: 'Organization name' }).fill('Kite Works');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Organization profile saved')).toBeVisible();

  await page.reload();
  const saved = await page.getByRole('textbox', { name: 'Logo URL' }).inputValue();
  expect(saved).toMatch(/\/api\/files\/[0-9a-f-]{36}\/public$/);
  const image = await request.get(saved);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
