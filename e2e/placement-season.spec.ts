import { readFile } from 'node:fs/promises';
import { POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect as baseExpect,
  openingInput,
  signIn,
  signInAsOrganization,
  signInWithEmail,
  test,
} from './support/fixtures';

/**
 * Issue 41's browser journey: a college's placement cell runs a season from the institution's creation to the NIRF
 * report, with two companies and twenty students, through the UI wherever it exists. The policy and the offer are
 * set through the API — the policy editor and the offer dialog have browser tests of their own (placement-policy.spec.ts,
 * offers.spec.ts) — and so are the openings (openings-builder.spec.ts); everything else is what the people click.
 */

// Seven people in browsers of their own on a machine whose two cores other runs share: a page loaded afresh (a
// reload, a new context) can take longer than the suite's 10 s to show what its first queries bring.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The second platform verification admin e2e/support/start-server.mjs configures. */
const PLATFORM_ADMIN_EMAIL = 'institutions-admin@e2e.placely.test';
const CYCLE = 'Final placements 2026–27';
const NIRF_HEADER = [
  'Program',
  'Academic Year',
  'No. of students graduating in minimum stipulated time',
  'No. of students placed',
  'Median salary of placed graduates (Amount in Rs.)',
  'No. of students selected for Higher Studies',
].join(',');

// The dashboard formats money in the browser's locale; one fixed locale (every context of the test takes it) keeps
// "₹1,200,000" the figure to look for.
test.use({ locale: 'en-US' });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

/** The data of an API answer, failing with the answer's text when it is not a success. */
async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/**
 * Signs a student in with a given email over HTTP (the development identity provider and callback, as the popup
 * would), so an enrolment uploaded for that email becomes theirs; returns the access token.
 */
async function signInOverHttp(request: APIRequestContext, email: string, name: string): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const login = await request.get(`/api/auth/start?origin=${encodeURIComponent(origin)}`);
  const form = /action="([^"]+)"/.exec(await login.text())?.[1];
  if (!form) throw new Error(`no login form at the identity provider (${login.status()})`);
  const callback = await request.post(new URL(form.replaceAll('&amp;', '&'), login.url()).toString(), {
    form: { email, name },
  });
  const json = /<script type="application\/json" id="placely-auth-result"[^>]*>(.*?)<\/script>/s.exec(
    await callback.text(),
  )?.[1];
  const token = json ? (JSON.parse(json) as { accessToken?: string }).accessToken : undefined;
  if (!token) throw new Error(`sign-in did not complete (${callback.status()})`);
  const signedIn = await request.post('/api/user/signIn', {
    headers: { Authorization: token },
    data: { assumeStudent: true },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return token;
}

/** Console errors of the other pages (the fixture watches only `page`). */
const consoleErrors: string[] = [];
function watchConsole(page: Page): Page {
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return page;
}

/** A student of the uploaded list in a browser of their own, signed in (their enrolment becomes theirs), at home. */
async function studentInBrowser(browser: Browser, student: Student): Promise<Page> {
  const page = watchConsole(await (await browser.newContext()).newPage());
  await signInWithEmail(page, student, 'Individual');
  return page;
}

interface Student {
  name: string;
  email: string;
  /** As the uploaded list writes it: an alias of the institution's branch. */
  branch: string;
}

/** The student's cycle page: Campus in the menu, then the cycle. */
async function openMyCycle(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Campus' }).click();
  await page.getByRole('link', { name: new RegExp(CYCLE) }).click();
  await expect(page.getByRole('heading', { name: 'Your status' })).toBeVisible();
}

test('a placement cell runs a season: cycle, students, companies, policy, offer, dashboard, notice, NIRF', async ({
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  consoleErrors.length = 0;
  const tag = Date.now().toString(36);
  const domain = `riverside-${tag}.edu`;
  const rootEmail = `placements@${domain}`;

  // 1. The platform admin adds the college and names its placement officer as root (institutions.spec.ts; a retry
  // finds the admin's account already there).
  await page.goto('/');
  await signIn(page, { email: PLATFORM_ADMIN_EMAIL, name: 'Placely Trust' });
  const organization = page.getByRole('radio', { name: 'Organization' });
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome, Placely' });
  await expect(organization.or(welcome)).toBeVisible();
  if (await organization.isVisible()) {
    await organization.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(welcome).toBeVisible();
  await page.goto('/organization/verifications');
  await page.getByRole('button', { name: 'Add institution' }).click();
  const add = page.getByRole('dialog', { name: 'Add an institution' });
  await add.getByLabel('Name').fill('Riverside Institute of Technology');
  await add.getByLabel('City').fill('Nagpur');
  await add.getByLabel('Email domain').fill(domain);
  await add.getByLabel("Root's email").fill(rootEmail);
  await add.getByRole('button', { name: 'Add institution' }).click();
  await expect(page.getByText(`Riverside Institute of Technology added; ${rootEmail} becomes the root`)).toBeVisible();
  // Each browser that has done its part closes, so the ones still at work keep the machine's cores.
  await page.close();

  // 2. The placement officer signs up with that email and finds the placement cell in the menu.
  const cell = watchConsole(await (await browser.newContext()).newPage());
  await cell.goto('/');
  await signIn(cell, { email: rootEmail, name: 'Rhea Placements' });
  await cell.getByRole('radio', { name: 'Student / Individual' }).check();
  await cell.getByRole('button', { name: 'Continue' }).click();
  await expect(cell.getByRole('heading', { level: 1, name: 'Welcome, Rhea' })).toBeVisible();
  await cell.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Placement cell' }).click();
  await expect(cell.getByRole('heading', { name: 'Riverside Institute of Technology' })).toBeVisible();

  // 3. The cell lists its branches (with the short names its records use), then creates the cycle.
  const branches = cell.getByRole('region', { name: 'Programmes and branches' });
  for (const [name, aliases] of [
    ['Computer Science and Engineering', 'CSE, CS'],
    ['Electronics and Communication Engineering', 'ECE'],
  ] as const) {
    await branches.getByRole('textbox', { name: 'Programme' }).fill('B.Tech');
    await branches.getByRole('textbox', { name: 'Branch' }).fill(name);
    await branches.getByRole('textbox', { name: 'Other names' }).fill(aliases);
    await branches.getByRole('button', { name: 'Add branch' }).click();
    await expect(branches.getByText(`B.Tech · ${name}`)).toBeVisible();
  }
  await cell.getByRole('button', { name: 'New cycle' }).click();
  const newCycle = cell.getByRole('dialog', { name: 'New placement cycle' });
  await newCycle.getByRole('textbox', { name: 'Name' }).fill(CYCLE);
  await newCycle.getByLabel('Starts on').fill(isoDay(0));
  await newCycle.getByLabel('Ends on').fill(isoDay(300));
  await newCycle.getByRole('button', { name: 'Create cycle' }).click();
  await expect(newCycle).toBeHidden();
  await cell.getByRole('link', { name: new RegExp(CYCLE) }).click();
  await expect(cell).toHaveURL(/[?&]cycle=/);
  const cycleId = new URL(cell.url()).searchParams.get('cycle') ?? '';

  // 4. The cell uploads its batch of twenty (email, roll number, programme, branch, CGPA, backlogs, graduation year);
  // nobody has an account yet: each gets the enrolment at their first sign-in.
  const names = [
    'Asha Verma',
    'Bala Krishnan',
    'Chitra Rao',
    'Dev Patel',
    'Esha Singh',
    'Farhan Ali',
    'Gita Menon',
    'Hari Nair',
    'Isha Gupta',
    'Jai Sharma',
    'Kavya Iyer',
    'Lokesh Reddy',
    'Meera Pillai',
    'Nikhil Joshi',
    'Om Prakash',
    'Pooja Das',
    'Qadir Khan',
    'Ritu Bose',
    'Sanjay Kulkarni',
    'Tara Sethi',
  ];
  const students: Student[] = names.map((name, index) => ({
    name,
    email: `${name.toLowerCase().replace(' ', '.')}@${domain}`,
    branch: index < 12 ? 'CSE' : 'ECE',
  }));
  const csv = [
    'Email,Roll number,Programme,Branch,CGPA,Backlogs,Graduation year',
    ...students.map(
      (student, index) =>
        `${student.email},RIT27${String(index + 1).padStart(3, '0')},B.Tech,${student.branch},${(7 + index / 10).toFixed(1)},0,2027`,
    ),
  ].join('\n');
  await cell.getByRole('tab', { name: 'Students' }).click();
  await cell
    .locator('input[type="file"][aria-label="Upload a list of students"]')
    .setInputFiles({ name: 'batch-2027.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(cell.getByText('20 added, 0 updated')).toBeVisible();
  const roster = cell.getByRole('region', { name: 'Students, scrolls sideways' });
  await expect(roster.getByRole('row').filter({ hasText: students[0]?.email ?? '' })).toContainText(
    'B.Tech · Computer Science and Engineering',
  );
  await cell.getByRole('tab', { name: 'Overview' }).click();
  await expect(cell.getByText('20 students enrolled')).toBeVisible();

  // 5. The cell's policy (Dream ≥ 20 LPA, A ≥ 10 LPA, B below; placed students only move up a tier), through the API
  // (the editor's own test: placement-policy.spec.ts).
  const policy = await cell.request.put('/api/placement/cycles/policy', {
    headers: { Authorization: await tokenOf(cell) },
    data: {
      cycleId,
      rules: [
        {
          kind: 'ctcTiers',
          params: {
            currency: 'INR',
            tiers: [
              { name: 'Dream', minAnnualCtc: 2_000_000 },
              { name: 'A', minAnnualCtc: 1_000_000 },
              { name: 'B', minAnnualCtc: 0 },
            ],
            onlyHigherTiers: true,
            maxUpgrades: 1,
          },
        },
      ],
    },
  });
  expect(policy.ok(), await policy.text()).toBe(true);

  // 6. Two companies, each with openings of its own (created through the API: the builder has its own tests), find
  // the college on their Campus page and ask to recruit in its cycle.
  const companies = [
    { name: 'Northwind Systems', openings: [['Northwind Software Engineer', 1_200_000]] },
    {
      name: 'Contoso Labs',
      openings: [
        ['Contoso Support Engineer', 600_000],
        ['Contoso Research Engineer', 2_400_000],
      ],
    },
  ] as const;
  const openingIds = new Map<string, string>();
  const companyPages = new Map<string, Page>();
  for (const company of companies) {
    const companyPage = watchConsole(await (await browser.newContext()).newPage());
    companyPages.set(company.name, companyPage);
    await signInAsOrganization(companyPage, company.name);
    for (const [title] of company.openings) {
      const created = await companyPage.request.post('/api/organization/openings', {
        headers: { Authorization: await tokenOf(companyPage) },
        data: openingInput(title, { kind: 'fullTime', description: `${title}, final-year batch.` }),
      });
      openingIds.set(title, (await dataOf<{ id: string }>(created)).id);
    }
    await companyPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Campus' })
      .click();
    await expect(companyPage.getByText('You recruit in no campus cycle yet.')).toBeVisible();
    // By its domain: a name can repeat (another test's college, a retry), the domain cannot.
    await companyPage.getByRole('combobox', { name: 'College' }).fill(domain);
    await companyPage.getByRole('option', { name: 'Riverside Institute of Technology' }).click();
    const found = companyPage.getByRole('list', { name: 'Open cycles of Riverside Institute of Technology' });
    await found.getByRole('button', { name: 'Ask to recruit' }).click();
    await expect(
      companyPage
        .getByRole('list', { name: 'Your campus cycles' })
        .getByText('Asked to recruit. The placement cell will review it.'),
    ).toBeVisible();
  }

  // 7. The cell approves both companies.
  await cell.getByRole('tab', { name: 'Companies' }).click();
  for (const company of companies) {
    await cell.getByRole('button', { name: `Approve ${company.name}` }).click();
    await expect(cell.getByRole('listitem').filter({ hasText: company.name })).toContainText('Approved');
  }

  // 8. Each company, now approved, sends its openings with their CTC; the cell approves every one.
  for (const company of companies) {
    const companyPage = companyPages.get(company.name) as Page;
    await companyPage.reload();
    const card = companyPage.getByRole('region', { name: `${CYCLE}, Riverside Institute of Technology` });
    for (const [title, ctc] of company.openings) {
      await card.getByRole('combobox', { name: 'Opening' }).click();
      await companyPage.getByRole('option', { name: title }).click();
      await card.getByRole('spinbutton', { name: 'CTC or stipend' }).fill(String(ctc));
      await card.getByRole('button', { name: 'Send for approval' }).click();
      await expect(card.getByRole('listitem').filter({ hasText: title })).toContainText('Awaiting approval');
    }
  }
  await cell.getByRole('tab', { name: 'Openings' }).click();
  for (const company of companies) {
    for (const [title] of company.openings) {
      await cell.getByRole('button', { name: `Approve ${title}` }).click();
      await expect(cell.getByRole('listitem').filter({ hasText: title })).toContainText('Approved');
    }
  }
  const northwind = companyPages.get('Northwind Systems') as Page;
  await northwind.reload();
  await expect(
    northwind
      .getByRole('region', { name: `${CYCLE}, Riverside Institute of Technology` })
      .getByRole('listitem')
      .filter({ hasText: 'Northwind Software Engineer' }),
  ).toContainText('Approved');
  await companyPages.get('Contoso Labs')?.context().close();

  // 9. Asha signs in (the popup), becomes a student, finds the cycle under Campus and applies through the form.
  const [asha, bala, , dev, esha] = students as [Student, Student, Student, Student, Student, ...Student[]];
  const ashaPage = watchConsole(await (await browser.newContext()).newPage());
  await ashaPage.goto('/');
  await signIn(ashaPage, { email: asha.email, name: asha.name });
  await ashaPage.getByRole('radio', { name: 'Student / Individual' }).check();
  await ashaPage.getByRole('button', { name: 'Continue' }).click();
  await expect(ashaPage.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
  await openMyCycle(ashaPage);
  const ashaOpenings = ashaPage.getByRole('region', { name: 'Openings' });
  await expect(ashaOpenings.getByRole('listitem')).toHaveCount(3);
  await ashaOpenings.getByRole('link', { name: 'Northwind Software Engineer' }).click();
  const ashaForm = ashaPage.getByRole('form', { name: 'Application form' });
  await ashaForm.getByRole('textbox', { name: 'Full name' }).fill(asha.name);
  await ashaForm.getByRole('button', { name: 'Submit application' }).click();
  await expect(ashaPage.getByText('Application sent')).toBeVisible();

  // 10. Seven more of the batch apply to Northwind and four to Contoso's tier-B opening (through the API: the form
  // itself is walked above). The other eight never sign in.
  const applicationsOf = new Map<string, string>();
  for (const [index, student] of students.slice(1, 12).entries()) {
    const context = await browser.newContext();
    const request = context.request;
    const token = await signInOverHttp(request, student.email, student.name);
    const title = index < 7 ? 'Northwind Software Engineer' : 'Contoso Support Engineer';
    const applied = await request.post('/api/placements/campus/apply', {
      headers: { Authorization: token },
      data: {
        openingId: openingIds.get(title),
        idempotencyKey: `e2e-season-${tag}-${index}`,
        answers: { name: student.name },
      },
    });
    applicationsOf.set(student.email, (await dataOf<{ id: string }>(applied)).id);
    await context.close();
  }

  // 11. Northwind shortlists two of its candidates (Bala and Dev) on its pipeline.
  const northwindAuth = { Authorization: await tokenOf(northwind) };
  const northwindOpening = openingIds.get('Northwind Software Engineer') as string;
  const pipeline = await dataOf<{ stages: { id: string; kind: string }[] }>(
    await northwind.request.get(`/api/organization/shortlisting/stages?openingId=${northwindOpening}`, {
      headers: northwindAuth,
    }),
  );
  const shortlisted = pipeline.stages.find((stage) => stage.kind === 'shortlisted');
  await dataOf(
    await northwind.request.post('/api/organization/shortlisting/moves', {
      headers: northwindAuth,
      data: {
        openingId: northwindOpening,
        toStageId: shortlisted?.id,
        applicationIds: [applicationsOf.get(bala.email), applicationsOf.get(dev.email)],
      },
    }),
  );

  // 12. Northwind offers Asha the role at 12 LPA (tier A) through the API (the offer dialog's own test:
  // offers.spec.ts); she accepts it on her Campus page.
  const ashaView = await dataOf<{ applications: { applicationId: string; title: string }[] }>(
    await ashaPage.request.get(`/api/placement/my/cycles/id?cycleId=${cycleId}`, {
      headers: { Authorization: await tokenOf(ashaPage) },
    }),
  );
  const ashaApplication = ashaView.applications.find((item) => item.title === 'Northwind Software Engineer');
  await dataOf(
    await northwind.request.post('/api/organization/offers', {
      headers: northwindAuth,
      data: {
        applicationId: ashaApplication?.applicationId,
        role: 'Software Engineer',
        ctc: { amount: 1_200_000, currency: 'INR', period: 'year' },
        location: 'Pune',
        joiningDate: '2027-07-01',
        respondBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    }),
  );
  await ashaPage.goto('/');
  await openMyCycle(ashaPage);
  const offers = ashaPage.getByRole('region', { name: 'Your offers' });
  await offers.getByRole('button', { name: 'Accept Software Engineer' }).click();
  await ashaPage
    .getByRole('dialog', { name: 'Accept the offer from Northwind Systems?' })
    .getByRole('button', { name: 'Accept the offer' })
    .click();
  await expect(offers.getByRole('listitem').filter({ hasText: 'Software Engineer' })).toContainText('Accepted');
  await expect(ashaPage.getByRole('region', { name: 'Your status' })).toContainText('Placed');

  // 13. Placed in tier A, Asha opens Contoso's tier-B opening: before she fills anything in, the form says the
  // policy refuses her and why, in its words, and will not send; the API refuses the apply in the same words. Its
  // Dream opening she may apply to.
  const tierB = openingIds.get('Contoso Support Engineer') as string;
  const dream = openingIds.get('Contoso Research Engineer') as string;
  const refusal = POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B');
  await ashaPage.goto(`/forms/${tierB}`);
  const verdict = ashaPage.getByRole('alert').filter({ hasText: 'The placement policy does not let you apply' });
  await expect(verdict.getByRole('list', { name: 'Why not' })).toHaveText(`Tiers by CTC: ${refusal}`);
  await expect(ashaForm.getByRole('button', { name: 'Submit application' })).toBeDisabled();
  await expect(ashaForm.getByText(`You cannot apply: ${refusal}`)).toBeVisible();
  const forced = await ashaPage.request.post('/api/placements/campus/apply', {
    headers: { Authorization: await tokenOf(ashaPage) },
    data: { openingId: tierB, idempotencyKey: `e2e-season-${tag}-tier-b`, answers: { name: asha.name } },
  });
  expect(forced.status()).toBe(403);
  expect(((await forced.json()) as { exception: { error: { message: string } } }).exception.error.message).toBe(
    `The placement cycle's policy does not let you apply. Tiers by CTC: ${refusal}`,
  );
  await ashaPage.goto(`/forms/${dream}`);
  await expect(ashaPage.getByRole('status').filter({ hasText: 'lets you apply to this opening' })).toBeVisible();
  await ashaForm.getByRole('textbox', { name: 'Full name' }).fill(asha.name);
  await ashaForm.getByRole('button', { name: 'Submit application' }).click();
  await expect(ashaPage.getByText('Application sent')).toBeVisible();
  await ashaPage.context().close();

  // 14. The cell's dashboard: one placed of twenty, the median CTC of accepted offers ₹12 LPA, one offer in tier A.
  await cell.getByRole('tab', { name: 'Dashboard' }).click();
  const placed = cell.getByRole('term').filter({ hasText: /^Placed$/ });
  await expect(placed.locator('xpath=following-sibling::dd')).toHaveText('1');
  await expect(
    cell
      .getByRole('term')
      .filter({ hasText: /^Enrolled$/ })
      .locator('xpath=following-sibling::dd'),
  ).toHaveText('20');
  const ctcRow = cell
    .getByRole('table', { name: 'CTC of accepted offers' })
    .getByRole('row')
    .filter({ hasText: 'INR' });
  await expect(ctcRow.getByRole('cell')).toHaveText(['1', '₹1,200,000', '₹1,200,000', '₹1,200,000']);
  const tierA = cell
    .getByRole('table', { name: 'Offers by tier' })
    .getByRole('row')
    .filter({ has: cell.getByRole('rowheader', { name: 'A', exact: true }) });
  await expect(tierA.getByRole('cell')).toHaveText(['1', '1', '1']);

  // 15. A notice to Northwind's shortlisted candidates, asking them to acknowledge it.
  await cell.getByRole('tab', { name: 'Notices' }).click();
  const notice = cell.getByRole('region', { name: 'Post a notice' });
  await notice.getByRole('textbox', { name: 'Title' }).fill('Northwind shortlist: interviews on Monday');
  await notice
    .getByRole('textbox', { name: 'Notice' })
    .fill('Shortlisted candidates: Northwind interviews on Monday at 10:00 in the seminar hall.');
  await notice.getByRole('combobox', { name: 'Who it reaches' }).click();
  await cell.getByRole('option', { name: 'The candidates in one stage of an opening' }).click();
  await notice.getByRole('combobox', { name: 'Opening' }).click();
  await cell.getByRole('option', { name: 'Northwind Systems · Northwind Software Engineer' }).click();
  await notice.getByRole('combobox', { name: 'Stage' }).click();
  await cell.getByRole('option', { name: 'Shortlisted (2 students)' }).click();
  await notice.getByRole('checkbox', { name: /Ask students to acknowledge it/ }).check();
  await notice.getByRole('button', { name: 'Post notice' }).click();
  const posted = cell
    .getByRole('region', { name: 'Posted notices' })
    .getByRole('listitem')
    .filter({ hasText: 'Northwind shortlist: interviews on Monday' });
  await expect(posted).toContainText('reached 2 · read by 0 · acknowledged by 0');

  // 16. Bala reads it on his Campus page and acknowledges it; Dev has not opened it; the cell sees both.
  const balaPage = await studentInBrowser(browser, bala);
  await openMyCycle(balaPage);
  const balaNotices = balaPage.getByRole('region', { name: 'Notices' });
  await expect(balaNotices.getByText('Northwind shortlist: interviews on Monday')).toBeVisible();
  await balaNotices.getByRole('button', { name: 'I have read this' }).click();
  await expect(balaNotices.getByText(/You acknowledged this/)).toBeVisible();
  await balaPage.context().close();
  await cell.reload();
  await expect(posted).toContainText('reached 2 · read by 1 · acknowledged by 1');

  // 17. The NIRF table downloads: one row for B.Tech 2026-27, twenty graduating, one placed at ₹12 LPA, none yet
  // gone for higher studies.
  const nirfRow = async () => {
    await cell.getByRole('tab', { name: 'Dashboard' }).click();
    const downloading = cell.waitForEvent('download');
    await cell.getByRole('button', { name: 'NIRF table (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${CYCLE} NIRF placement \\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(NIRF_HEADER);
    expect(lines.filter(Boolean)).toHaveLength(2);
    return lines[1];
  };
  expect(await nirfRow()).toBe('B.Tech,2026-27,20,1,1200000,0');

  // 18. Esha leaves the season for higher studies from her Campus page; the NIRF table counts her there.
  const eshaPage = await studentInBrowser(browser, esha);
  await openMyCycle(eshaPage);
  await eshaPage.getByRole('button', { name: 'Opt out of this cycle' }).click();
  const optOut = eshaPage.getByRole('dialog', { name: 'Opt out of this cycle?' });
  await optOut.getByRole('radio', { name: 'Higher studies' }).check();
  await optOut.getByRole('button', { name: 'Opt out' }).click();
  await expect(optOut).toBeHidden();
  const eshaStatus = eshaPage.getByRole('region', { name: 'Your status' });
  await expect(eshaStatus).toContainText('Opted out');
  await expect(eshaStatus).toContainText('Higher studies');
  expect(await nirfRow()).toBe('B.Tech,2026-27,20,1,1200000,1');

  expect(consoleErrors, 'console errors of the other pages').toEqual([]);
});
