// Which Debian Chromium binary the browser tests drive (playwright.config.ts, scripts/test.mjs).
import { existsSync } from 'node:fs';

/** Debian's full Chromium: the browser people run, and the one with a camera permission prompt to refuse. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's `chromium-headless-shell`: the same Blink and V8 without the browser's UI layers. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * CHROMIUM_PATH when set; otherwise the headless shell when installed, as it renders the same pages for about a fifth
 * less CPU than full Chromium in headless mode (docs/ARCHITECTURE.md, "CI time"); otherwise full Chromium.
 */
export function chromiumForTests() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
