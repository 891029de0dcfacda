import { POLICY_REFUSAL_MESSAGES } from '@placely/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, openingInput, signInAsOrganization, signInAsStudent, signInWithEmail, test } from './support/fixtures';

/** The platform verification admin e2e/support/start-server.mjs configures (it adds institutions). */
const PLATFORM_ADMIN_EMAIL = 'institutions-admin@e2e.placely.test';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** An API call as the person signed in on `page`: its data, after checking it succeeded. */
async function call<T = Record<string, unknown>>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: await tokenOf(page) },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).result.data as T;
}

test('the cell writes a Dream / A / B policy, grants and revokes an exception; students see refusals and tiers before applying; the company is warned before offering', async ({
  page,
  browser,
}) => {
  // Four people, three dialogs and five first renders of routes: on a busy machine (load 13) it took 3 minutes.
  test.setTimeout(360_000);
  const today = new Date().toISOString().slice(0, 10);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

  // Set up through the API what is not under test: the institution and its root, a cycle, a company with an approved
  // tier-A and tier-B opening, two enrolled students, and one of them placed in tier A.
  const officerName = 'Rhea Placements';
  const officerEmail = await signInAsStudent(page, officerName);
  const admin = await newPage(browser);
  await signInWithEmail(admin, { email: PLATFORM_ADMIN_EMAIL, name: 'Placely Trust' }, 'Organization');
  const { institutionId } = await call<{ institutionId: number }>(admin, 'POST', '/api/institutions', {
    name: `Riverside College ${Date.now().toString(36)}`,
  });
  await call(admin, 'POST', '/api/institutions/user/role', {
    institutionId,
    email: officerEmail,
    role: 'root',
  });
  const cycle = await call<{ id: string; joinToken: string }>(page, 'POST', '/api/placement/cycles', {
    institutionId,
    name: 'Final placements 2026–27',
    kind: 'jobs',
    startsOn: today,
    endsOn: nextYear,
  });

  const company = await newPage(browser);
  await signInAsOrganization(company, 'Acme Hiring');
  const registration = await call<{ organizationId: number }>(company, 'POST', '/api/placement/company/registrations', {
    cycleId: cycle.id,
  });
  await call(page, 'POST', '/api/placement/companies/decide', {
    cycleId: cycle.id,
    organizationId: registration.organizationId,
    decision: 'approve',
  });
  const cycleOpening = async (title: string, ctcAmount: number) => {
    const opening = await call<{ id: string }>(company, 'POST', '/api/organization/openings', openingInput(title));
    await call(company, 'POST', '/api/placement/company/openings', {
      cycleId: cycle.id,
      openingId: opening.id,
      ctcAmount,
      ctcCurrency: 'INR',
      ctcPeriod: 'year',
    });
    await call(page, 'POST', '/api/placement/openings/decide', { openingId: opening.id, decision: 'approve' });
    return opening;
  };
  const tierA = await cycleOpening('Software engineer', 1_200_000);
  // Found by its title in the Home feed below: unique to this run.
  const tierBTitle = `Support engineer ${Date.now().toString(36)}`;
  const tierB = await cycleOpening(tierBTitle, 600_000);

  const asha = await newPage(browser);
  await signInAsStudent(asha, 'Asha Verma');
  await call(asha, 'POST', '/api/placement/join', { token: cycle.joinToken });
  const ravi = await newPage(browser);
  await signInAsStudent(ravi, 'Ravi Kumar');
  await call(ravi, 'POST', '/api/placement/join', { token: cycle.joinToken });

  const application = await call<{ id: string }>(asha, 'POST', '/api/placements/campus/apply', {
    openingId: tierA.id,
    idempotencyKey: crypto.randomUUID(),
    answers: { name: 'Asha Verma' },
  });
  const offer = await call<{ id: string }>(company, 'POST', '/api/organization/offers', {
    applicationId: application.id,
    role: 'Software engineer',
    ctc: { amount: 1_200_000, currency: 'INR', period: 'year' },
    location: 'Pune',
    respondBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  await call(asha, 'POST', '/api/placement/my/offers/respond', { offerId: offer.id, decision: 'accept' });

  // The cell writes its policy: tiers by CTC, Dream / A / B.
  await page.goto(`/placement?cycle=${cycle.id}&tab=policy`);
  const policy = page.getByRole('form', { name: 'Placement policy' });
  // The first render of a route waits for its chunk, the cycle and then the policy: on a busy machine (two cores
  // shared by parallel runs) that alone has taken more than the default 10 s.
  await expect(policy.getByText(/No rules yet/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Policy', selected: true })).toBeVisible();
  await policy.getByRole('combobox', { name: 'Add a rule' }).click();
  await page.getByRole('option', { name: 'Tiers by CTC' }).click();
  const tiers = policy.getByRole('region', { name: 'Tiers by CTC' });
  await tiers.getByRole('button', { name: 'Add a tier' }).click();
  await tiers.getByRole('textbox', { name: 'Tier 1 name' }).fill('Dream');
  await tiers.getByRole('textbox', { name: 'Tier 1 lowest yearly CTC' }).fill('20,00,000');
  await tiers.getByRole('textbox', { name: 'Tier 2 name' }).fill('A');
  await tiers.getByRole('textbox', { name: 'Tier 2 lowest yearly CTC' }).fill('10,00,000');
  await tiers.getByRole('textbox', { name: 'Tier 3 name' }).fill('B');
  await expect(tiers.getByText('₹10 LPA', { exact: true })).toBeVisible();
  await expect(tiers).toContainText(
    'Openings are grouped in tiers by CTC: Dream from ₹20 LPA, A from ₹10 LPA, B below ₹10 LPA.',
  );
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Policy saved')).toBeVisible();
  await expect(policy.getByRole('button', { name: 'Save policy' })).toBeDisabled();

  // It grants Ravi an exception to the tier rule, with a reason, after confirming.
  await page.getByRole('button', { name: 'Grant an exception' }).click();
  const grant = page.getByRole('dialog', { name: 'Grant an exception' });
  await grant.getByRole('combobox', { name: 'Student' }).fill('Ravi');
  await page.getByRole('option', { name: /Ravi Kumar/ }).click();
  await expect(grant.getByRole('combobox', { name: 'Rule set aside' })).toHaveText('Tiers by CTC');
  await grant.getByRole('textbox', { name: 'Reason' }).fill('Joined late after a medical leave');
  await grant.getByRole('button', { name: 'Grant exception' }).click();
  const confirm = page.getByRole('dialog', { name: 'Grant this exception?' });
  await expect(confirm).toContainText('Ravi Kumar may apply despite “Tiers by CTC” — for every opening of the cycle');
  await confirm.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('Exception granted')).toBeVisible();
  const granted = page.getByRole('list', { name: 'Exceptions granted' }).getByRole('listitem');
  await expect(granted).toHaveCount(1);
  await expect(granted).toContainText('Ravi Kumar · Tiers by CTC');
  await expect(granted).toContainText('Reason: Joined late after a medical leave');
  await expect(granted).toContainText(`Granted by ${officerName} on`);

  // Asha, placed in tier A, opens the tier-B opening: the refusal in the policy's words, before anything is filled in.
  await asha.goto(`/forms/${tierB.id}`);
  const refusal = asha.getByRole('alert').filter({ hasText: 'The placement policy does not let you apply' });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(refusal).toContainText(`Tiers by CTC: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`);
  const submit = asha.getByRole('button', { name: 'Submit application' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    `You cannot apply: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`,
  );
  await refusal.getByRole('button', { name: 'Read the policy of Final placements 2026–27' }).click();
  await expect(refusal).toContainText('Dream from ₹20 LPA, A from ₹10 LPA, B below ₹10 LPA');

  // Ravi, not placed, may apply there: the policy says so in a line.
  await ravi.goto(`/forms/${tierB.id}`);
  await expect(ravi.getByText('The policy of Final placements 2026–27 lets you apply to this opening.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(ravi.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  // With the opening's tier and what accepting an offer there would mean: his exception sets the tier rule aside.
  await expect(
    ravi.getByText(
      'This opening is in tier B. If you accept an offer here you may still apply to openings in any tier.',
    ),
  ).toBeVisible();

  // Asha on Home: the one-click dialog shows the same refusal before anything is sent, and offers nothing to send.
  await asha.goto('/');
  const feed = asha.getByRole('region', { name: 'Openings' });
  await feed.getByRole('searchbox', { name: 'Search openings' }).fill(tierBTitle);
  await feed
    .getByRole('listitem', { name: tierBTitle })
    .getByRole('button', { name: `Apply in one click to ${tierBTitle}` })
    .click();
  const oneClick = asha.getByRole('dialog', { name: `Apply to ${tierBTitle}?` });
  await expect(oneClick.getByRole('alert')).toContainText(
    `Tiers by CTC: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`,
    { timeout: 30_000 },
  );
  await expect(oneClick.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  await oneClick.getByRole('button', { name: 'Cancel' }).click();

  // A Dream opening lets her apply, and says what accepting an offer there would mean.
  const dream = await cycleOpening('Research engineer', 2_500_000);
  await asha.goto(`/forms/${dream.id}`);
  await expect(
    asha.getByText('This opening is in tier Dream. If you accept an offer here you can no longer apply in this cycle.'),
  ).toBeVisible({ timeout: 30_000 });
  await call(asha, 'POST', '/api/placements/campus/apply', {
    openingId: dream.id,
    idempotencyKey: crypto.randomUUID(),
    answers: { name: 'Asha Verma' },
  });

  // The company offers her tier-B pay there: checked before sending, the policy's warning is asked about; it changes
  // the offer, and the changed one goes without a question.
  await company.goto(`/organization/openings?opening=${dream.id}&view=board`);
  const board = company.getByRole('region', { name: 'Pipeline board' });
  await board
    .getByRole('listitem', { name: /Asha Verma, in Applied/ })
    .getByRole('button', { name: 'Move to…' })
    .click({ timeout: 30_000 });
  await company.getByRole('menuitem', { name: 'Offered' }).click();
  const offerDialog = company.getByRole('dialog', { name: 'Make the offer to Asha Verma' });
  await offerDialog.getByRole('textbox', { name: 'CTC or stipend' }).fill('600000');
  await offerDialog.getByRole('button', { name: 'Send the offer' }).click();
  const ask = company.getByRole('dialog', { name: 'The placement policy would warn about this offer' });
  await expect(ask.getByRole('alert')).toContainText(
    `Tiers by CTC: ${POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B')}`,
  );
  await ask.getByRole('button', { name: 'Change the offer' }).click();
  await expect(ask).toBeHidden();
  await offerDialog.getByRole('textbox', { name: 'CTC or stipend' }).fill('2500000');
  await offerDialog.getByRole('button', { name: 'Send the offer' }).click();
  await expect(company.getByText('Offer sent')).toBeVisible();
  await expect(offerDialog).toBeHidden();
  const offers = await call<{ items: Array<{ ctc: { amount: number }; policyWarnings: unknown[] }> }>(
    company,
    'GET',
    `/api/organization/offers?openingId=${dream.id}`,
  );
  expect(offers.items.map((made) => [made.ctc.amount, made.policyWarnings.length])).toEqual([[2_500_000, 0]]);

  // The cell revokes Ravi's exception with a reason: it stays listed, as revoked by whom, when and why.
  await granted.getByRole('button', { name: 'Revoke the exception of Ravi Kumar on Tiers by CTC' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke this exception?' });
  await expect(revoke).toContainText('Ravi Kumar may now apply despite “Tiers by CTC” for every opening of the cycle');
  await revoke.getByRole('textbox', { name: 'Reason' }).fill('The leave was not medical');
  await revoke.getByRole('button', { name: 'Revoke exception' }).click();
  await expect(page.getByText('Exception revoked')).toBeVisible();
  await expect(revoke).toBeHidden();
  await expect(granted).toHaveCount(1);
  await expect(granted).toContainText('Revoked');
  await expect(granted).toContainText(`Revoked by ${officerName} on`);
  await expect(granted).toContainText('Reason: The leave was not medical');
  await expect(granted.getByRole('button')).toHaveCount(0);
  // The tier rule holds for Ravi again.
  await ravi.reload();
  await expect(
    ravi.getByText(
      'This opening is in tier B. If you accept an offer here you may then apply only to openings in tiers Dream or A.',
    ),
  ).toBeVisible({ timeout: 30_000 });
});
