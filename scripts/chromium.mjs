// Which Debian Chromium binary the browser tests drive (playwright.config.ts, scripts/test.mjs, the camera tests).
import { existsSync } from 'node:fs';

/** Debian's `chromium-headless-shell`: the same Blink and V8 as `chromium`, without the browser's UI layers. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * A full Chromium: CHROMIUM_PATH when set, else Debian's `/usr/bin/chromium`. The test of a refused camera prompt
 * needs one, as the headless shell has no prompt to refuse (it fails getUserMedia with another error).
 */
export function fullChromium() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * What every other browser test runs in: CHROMIUM_PATH when set; otherwise the headless shell when installed, as it
 * renders the same pages for about a quarter less CPU than full Chromium in headless mode (docs/ARCHITECTURE.md,
 * "CI time"); otherwise full Chromium.
 */
export function chromiumForTests() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromium();
}
