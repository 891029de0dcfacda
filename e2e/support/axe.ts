import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rules (and the A and 2.0/2.1 levels under them) every page and dialog must pass. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with each axe violation named (rule, impact, the elements) on the page, or only inside `within` (an open
 * dialog). Shared by every spec so a new page or dialog is checked the same way.
 */
export async function expectNoAxeViolations(page: Page, what: string, within?: Locator): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (within) {
    const handle = await within.elementHandle();
    if (handle) {
      const marker = `axe-scope-${Date.now().toString(36)}`;
      await handle.evaluate((element, id) => element.setAttribute('data-axe-scope', id), marker);
      builder = builder.include(`[data-axe-scope="${marker}"]`);
    }
  }
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(found, `axe violations on ${what}`).toEqual([]);
}
