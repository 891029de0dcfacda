import type { Page } from '@playwright/test';
import { PATHS } from '../apps/web/src/app/paths';
import { expectNoAxeViolations } from './support/axe';
import { expect, openingInput, signInAsOrganization, signInAsStudent, test } from './support/fixtures';

/**
 * Every route of `apps/web/src/app/paths.ts`, as each kind of visitor sees it, and the dialogs opened from them, pass
 * axe's WCAG 2.2 AA rules (issue 40): a new path lands in PATHS, so it is scanned here without anyone remembering to.
 */
const everyPath = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree as Record<string, unknown>).flatMap(everyPath);
// Signing out ends the session the other pages need: it is scanned signed out, where it lands at once.
const ROUTES = everyPath(PATHS).filter((path) => path !== PATHS.signOut);

/** Waits until the page shows its heading and nothing is loading, then scans it. */
async function scan(page: Page, path: string, who: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page, `${path} (${who})`);
}

for (const who of ['signed out', 'organization', 'student'] as const) {
  test(`every page passes axe: ${who}`, async ({ page }) => {
    // About 35 pages, each scanned whole: minutes on a busy machine.
    test.setTimeout(900_000);
    if (who === 'organization') await signInAsOrganization(page, 'Axe Works');
    if (who === 'student') await signInAsStudent(page, 'Asha Verma');
    for (const path of who === 'signed out' ? [...ROUTES, PATHS.signOut] : ROUTES) await scan(page, path, who);
  });
}

test('the dialogs of the pipeline pass axe: stages, release confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Axe Dialogs');
  const token = await page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
  const created = await page.request.post('/api/organization/openings', {
    headers: { Authorization: token },
    data: openingInput('Axe analyst'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  await page.goto(`/organization/openings?opening=${openingId}`);
  const pipeline = page.getByRole('region', { name: 'Pipeline' });
  await pipeline.getByRole('button', { name: 'Stages' }).click();
  const editor = page.getByRole('dialog', { name: 'Stages' });
  await expect(editor.getByRole('list', { name: 'Stages' })).toBeVisible();
  await expectNoAxeViolations(page, 'the stages editor', editor);
  await editor.getByRole('switch', { name: 'Show rejections to applicants' }).click();
  const release = page.getByRole('dialog', { name: 'Tell rejected applicants?' });
  await expect(release).toBeVisible();
  await expectNoAxeViolations(page, 'the release confirmation', release);
});
