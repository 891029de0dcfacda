/**
 * Shared browser-test fixtures.
 *
 * - `test` / `expect`: Playwright's, with a console watcher: any console error or uncaught page error fails the
 *   test (allow a specific message with `allowConsoleErrors(page, /pattern/)` when a test provokes it on purpose).
 * - `uniqueEmail(label)`: a fresh address per call, so tests never share users.
 * - `signIn(page, { email, name })`: clicks 'Sign in with Google' (in the top bar, or wherever `button` says),
 *   completes the development identity provider's page in the real popup and waits for the popup to close.
 * - `signInAsOrganization` / `signInAsStudent`: a new user of that account type, landed on the home page (signed in
 *   over HTTP without the popup, which foundation.spec.ts and the journeys test); `signInWithEmail` the same for a
 *   given address.
 */
import type { OpeningInput } from '@placely/contract';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const allowances = new WeakMap<Page, RegExp[]>();

export function allowConsoleErrors(page: Page, pattern: RegExp): void {
  allowances.set(page, [...(allowances.get(page) ?? []), pattern]);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) => (allowances.get(page) ?? []).some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) errors.push(error.message);
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@e2e.placely.test`;
}

export async function signIn(page: Page, options: { email: string; name: string; button?: Locator }): Promise<void> {
  const button = options.button ?? page.getByRole('banner').getByRole('button', { name: 'Sign in with Google' });
  const popupPromise = page.waitForEvent('popup');
  await button.click();
  const popup = await popupPromise;
  await popup.getByLabel('Email').fill(options.email);
  await popup.getByLabel('Name').fill(options.name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

/**
 * An invited person accepts the organization's invitation from the Team page, which the menu shows while an invitation
 * waits (issue 40: nobody joins a team without accepting); the app then acts for the organization.
 */
export async function acceptTeamInvitation(page: Page, organizationName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team' }).click();
  await page
    .getByRole('list', { name: 'Invitations' })
    .getByRole('button', { name: `Accept the invitation from ${organizationName}` })
    .click();
  await expect(page.getByTestId('acting-for')).toHaveText(organizationName);
}

/**
 * Signs a new person in without the popup, for tests about what comes after sign-in (the popup itself is tested in
 * foundation.spec.ts and the journeys): the same development identity provider and callback, driven over HTTP with
 * the page's own cookie jar, then the token the popup would have handed over goes into localStorage and the app
 * restores the session from it, as after a reload.
 */
async function signInDirectly(page: Page, person: { email: string; name: string }, accountType: string) {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const login = await page.request.get(`/api/auth/start?origin=${encodeURIComponent(origin)}`);
  const form = /action="([^"]+)"/.exec(await login.text())?.[1];
  if (!form) throw new Error(`no login form at the identity provider (${login.status()})`);
  const callback = await page.request.post(new URL(form.replaceAll('&amp;', '&'), login.url()).toString(), {
    form: person,
  });
  const json = /<script type="application\/json" id="placely-auth-result"[^>]*>(.*?)<\/script>/s.exec(
    await callback.text(),
  )?.[1];
  const result = json ? (JSON.parse(json) as { ok: boolean; accessToken?: string }) : null;
  if (!result?.ok || !result.accessToken) throw new Error(`sign-in did not complete (${callback.status()})`);
  const headers = { Authorization: result.accessToken };
  expect((await page.request.post('/api/user/signIn', { headers, data: { assumeStudent: false } })).ok()).toBe(true);
  const account = await page.request.get(`/api/user/account?account=${accountType}`, { headers });
  // 409: the account type was set at an earlier sign-in (an address the server configures, used by several specs).
  expect(account.ok() || account.status() === 409).toBe(true);
  await page.goto('/aboutus');
  await page.evaluate((token) => localStorage.setItem('placely.accessToken', token), result.accessToken);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${person.name.split(' ')[0]}` })).toBeVisible();
}

/**
 * Someone whose address matters (a platform admin start-server.mjs configures, a person appointed by email), signed
 * in without the popup and on the home page, as the account type given (or the one they already have).
 */
export async function signInWithEmail(
  page: Page,
  person: { email: string; name: string },
  accountType: 'Individual' | 'Organization',
): Promise<void> {
  await signInDirectly(page, person, accountType);
}

/** A new Organization, signed in and on the home page. */
export async function signInAsOrganization(page: Page, name = 'Acme Hiring'): Promise<string> {
  const email = uniqueEmail('org');
  await signInDirectly(page, { email, name }, 'Organization');
  return email;
}

/** A new Individual (student), signed in and on the home page. */
export async function signInAsStudent(page: Page, name = 'Asha Verma'): Promise<string> {
  const email = uniqueEmail('student');
  await signInDirectly(page, { email, name }, 'Individual');
  return email;
}

/**
 * An open opening as the API takes it: two weeks to its deadline, no eligibility rules, a one-question form (the
 * builder has its own browser test). Specs change what they need.
 */
export function openingInput(title: string, overrides: Partial<OpeningInput> = {}): OpeningInput {
  return {
    title,
    kind: 'internship',
    description: 'Help run campus hiring.',
    locations: ['Pune'],
    remote: false,
    compensation: null,
    openingsCount: 1,
    deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    startDate: null,
    status: 'open',
    responseCap: null,
    eligibility: {
      minGrade: null,
      allowedDegrees: [],
      allowedBranches: [],
      graduationYears: [],
      maxBacklogs: null,
      groupIds: [],
      verifiedEducationOnly: false,
    },
    applyMode: 'form',
    externalLink: null,
    form: {
      sections: [
        {
          id: 'about',
          title: 'About you',
          fields: [{ id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' }],
        },
      ],
    },
    ...overrides,
  };
}
