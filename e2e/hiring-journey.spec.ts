import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test, uniqueEmail } from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

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

/**
 * The hiring loop as the walk of issue 40 lived it, in one browser journey: the owner invites a reviewer, who accepts
 * from the notification and rates blind (nothing of the owner's rating shows before their own, in the panel, the
 * ranking or its breakdown); a coordinator rejects one candidate with a templated reason; a candidate withdraws; the
 * owner's audit trail names every subject.
 */
test('owner invites, reviewer accepts and rates blind, coordinator rejects with a template, a candidate withdraws, the audit trail names everyone', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const baseURL = test.info().project.use.baseURL as string;
  const origin = new URL(baseURL).origin;

  // The owner's opening (through the API; the builder has its own tests), ranked on the rating and years.
  await signInAsOrganization(page, 'Journey Works');
  const owner = { Authorization: await tokenOf(page) };
  const created = await page.request.post('/api/organization/openings', {
    headers: owner,
    data: openingInput('Platform intern', {
      form: {
        sections: [
          {
            id: 'about',
            title: 'About you',
            fields: [
              { id: 'name', type: 'shortText', label: 'Full name', required: true },
              { id: 'years', type: 'number', label: 'Years of coding', required: true },
            ],
          },
        ],
      },
    }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const criteria = await page.request.get(`/api/organization/shortlisting/criteria?openingId=${openingId}`, {
    headers: owner,
  });
  const overall: string = (await criteria.json()).result.data.criteria[0].id;
  expect(
    (
      await page.request.put('/api/organization/shortlisting/recipe', {
        headers: owner,
        data: {
          openingId,
          recipe: {
            criteria: [
              { kind: 'rating', criterionId: overall, weight: 1 },
              { kind: 'numberAnswer', fieldId: 'years', weight: 1, better: 'higher' },
            ],
            knockouts: [],
          },
        },
      })
    ).ok(),
  ).toBe(true);

  // Two applicants through the API, and Meera in a browser of her own (she withdraws later).
  const applications: Record<string, string> = {};
  for (const [name, years] of [
    ['Asha Verma', 4],
    ['Ravi Kumar', 2],
  ] as const) {
    const request = await playwrightRequest.newContext({ baseURL });
    const token = await applicantToken(request, origin, name);
    const applied = await request.post('/api/placements/campus/apply', {
      headers: { Authorization: token },
      data: { openingId, idempotencyKey: `e2e-journey-${Date.now()}-${years}`, answers: { name, years } },
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    applications[name] = (await applied.json()).result.data.id;
    await request.dispose();
  }
  const meera = await (await browser.newContext()).newPage();
  await signInAsStudent(meera, 'Meera Iyer');
  expect(
    (
      await meera.request.post('/api/placements/campus/apply', {
        headers: { Authorization: await tokenOf(meera) },
        data: {
          openingId,
          idempotencyKey: `e2e-journey-${Date.now()}-meera`,
          answers: { name: 'Meera Iyer', years: 1 },
        },
      })
    ).ok(),
  ).toBe(true);

  // The owner rates Asha 5 before anyone else has.
  expect(
    (
      await page.request.put('/api/organization/shortlisting/ratings', {
        headers: owner,
        data: { openingId, applicationId: applications['Asha Verma'], criterionId: overall, score: 5 },
      })
    ).ok(),
  ).toBe(true);

  // The owner invites a reviewer from the People section.
  const reviewer = await (await browser.newContext()).newPage();
  const reviewerEmail = await signInAsStudent(reviewer, 'Rohan Reviewer');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  const people = page.getByRole('region', { name: 'People' });
  await people.getByRole('textbox', { name: 'Invite by email' }).fill(reviewerEmail);
  await people.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await people.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${reviewerEmail} is invited as a reviewer`)).toBeVisible();

  // The reviewer accepts from the notification.
  await reviewer.goto('/notifications');
  await reviewer
    .getByTestId('notification-item')
    .filter({ hasText: 'Journey Works invited you to its team on Placely as a reviewer' })
    .click();
  await expect(reviewer).toHaveURL(/\/team$/);
  await reviewer.getByRole('button', { name: 'Accept the invitation from Journey Works' }).click();
  await expect(reviewer.getByTestId('acting-for')).toHaveText('Journey Works');

  // Blind, in every view: the ranking hides Asha's score (it sums the owner's rating), the breakdown and the panel
  // show no average, until the reviewer gives theirs.
  await reviewer.goto(`/organization/openings?opening=${openingId}&view=ranking`);
  const ranking = reviewer.getByRole('table', { name: 'Candidates in rank order' });
  const ashaRow = ranking.getByRole('row').filter({ hasText: 'Asha Verma' });
  await expect(ashaRow).toContainText('Hidden until you rate');
  await ashaRow.getByRole('button', { name: 'Full breakdown of Asha Verma’s score' }).click();
  const breakdown = reviewer.getByRole('dialog', { name: /Asha Verma/ });
  const blindRatings = breakdown.getByRole('region', { name: 'Ratings' });
  await expect(blindRatings.getByText('Give your rating to see the others’.')).toBeVisible();
  await expect(breakdown).not.toContainText(/Average \d/);
  await breakdown.getByRole('button', { name: 'Close' }).click();
  await reviewer.goto(`/organization/openings?opening=${openingId}`);
  const table = reviewer.getByRole('table', { name: 'Applications to Platform intern' });
  await table.getByRole('button', { name: 'Open the application of Asha Verma' }).click();
  const panel = reviewer.getByRole('dialog', { name: 'Asha Verma' });
  const ratings = panel.getByRole('region', { name: 'Ratings' });
  await expect(ratings.getByText('Give your rating to see the others’.')).toBeVisible();
  await expect(panel).not.toContainText(/Average \d/);
  const three = ratings.getByRole('radio', { name: '3 of 5' });
  await three.dispatchEvent('click');
  await expect(three).toBeChecked();
  await expect(ratings.getByText(/Average 4 from 2 ratings/)).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();

  // A coordinator (invited through the API) keeps a template and rejects Ravi with it and a reason.
  const coordinator = await (await browser.newContext()).newPage();
  const coordinatorEmail = await signInAsStudent(coordinator, 'Kiran Coordinator');
  expect(
    (
      await page.request.post('/api/organization/people', {
        headers: owner,
        data: { email: coordinatorEmail, role: 'coordinator' },
      })
    ).ok(),
  ).toBe(true);
  await coordinator.goto('/team');
  await coordinator.getByRole('button', { name: 'Accept the invitation from Journey Works' }).click();
  await expect(coordinator.getByTestId('acting-for')).toHaveText('Journey Works');
  await coordinator.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = coordinator.getByRole('region', { name: 'Pipeline' });
  await pipeline.getByRole('button', { name: 'Templates' }).click();
  const templates = coordinator.getByRole('dialog', { name: 'Message templates' });
  await templates.getByRole('button', { name: 'New template' }).click();
  await templates.getByRole('textbox', { name: 'Name' }).fill('Not this time');
  await templates.getByRole('textbox', { name: 'Subject' }).fill('Your application to {{openingTitle}}');
  await templates.getByRole('textbox', { name: 'Message' }).fill('Dear {{firstName}}, we will not go further.');
  await templates.getByRole('button', { name: 'Save template' }).click();
  await expect(coordinator.getByText('Template saved')).toBeVisible();
  await templates.getByRole('button', { name: 'Close' }).click();
  await coordinator
    .getByRole('table', { name: 'Applications to Platform intern' })
    .getByRole('button', { name: 'Open the application of Ravi Kumar' })
    .click();
  const raviPanel = coordinator.getByRole('dialog', { name: 'Ravi Kumar' });
  await raviPanel.getByRole('button', { name: 'Reject…' }).click();
  const reject = coordinator.getByRole('dialog', { name: 'Reject this candidate' });
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Too little Go so far');
  await reject.getByRole('combobox', { name: 'Template' }).click();
  await coordinator.getByRole('option', { name: 'Not this time' }).click();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(coordinator.getByText('Candidate rejected and told')).toBeVisible();
  await expect(raviPanel.getByRole('region', { name: 'Messages' })).toContainText('Dear Ravi, we will not go further.');

  // Meera withdraws from /forms.
  await meera.goto('/forms');
  await meera.getByRole('button', { name: 'Withdraw your application to Platform intern' }).click();
  const withdraw = meera.getByRole('dialog', { name: 'Withdraw your application?' });
  await withdraw.getByRole('textbox', { name: 'Reason (optional)' }).fill('Took another offer');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(meera.getByText('Your application was withdrawn')).toBeVisible();

  // The owner's audit trail names every subject: who joined, whom they rated, whom the coordinator rejected and
  // why, who withdrew.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
  const log = page.getByRole('main');
  // The member who joined is the entry's actor; its subject is the invited address.
  await expect(log).toContainText(
    `Rohan Reviewer · Member joined: ${reviewerEmail} accepted the invitation, now reviewer`,
  );
  await expect(log).toContainText(/Asha Verma on “Overall”, first rating/);
  await expect(log).toContainText('Ravi Kumar, reason “Too little Go so far”, mail sent');
  await expect(log).toContainText(/Meera Iyer.*reason “Took another offer”/);
  await expect(log).not.toContainText('a candidate (no longer on Placely)');
  for (const context of [meera, reviewer, coordinator]) await context.context().close();
});
