/**
 * Shared browser-test fixtures.
 *
 * - `test` / `expect`: Playwright's, with a console watcher: any console error or uncaught page error fails the
 *   test (allow a specific message with `allowConsoleErrors(page, /pattern/)` when a test provokes it on purpose).
 * - `uniqueEmail(label)`: a fresh address per call, so tests never share users.
 * - `signIn(page, { email, name })`: clicks 'Sign in with Google' (in the top bar, or wherever `button` says),
 *   completes the development identity provider's page in the real popup and waits for the popup to close.
 * - `signInAsOrganization` / `signInAsStudent`: a new user of that account type, landed on the home page.
 */
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

export async function signInAsOrganization(page: Page, name = 'Acme Hiring'): Promise<string> {
  const email = uniqueEmail('org');
  await page.goto('/');
  await signIn(page, { email, name });
  await expect(page).toHaveURL(/\/selectaccounttype$/);
  await page.getByRole('radio', { name: 'Organization' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name.split(' ')[0]}` })).toBeVisible();
  return email;
}

export async function signInAsStudent(page: Page, name = 'Asha Verma'): Promise<string> {
  const email = uniqueEmail('student');
  await page.goto('/');
  await signIn(page, { email, name });
  await expect(page).toHaveURL(/\/selectaccounttype$/);
  await page.getByRole('radio', { name: 'Student / Individual' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name.split(' ')[0]}` })).toBeVisible();
  return email;
}
