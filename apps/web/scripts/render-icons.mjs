// Renders the Placely logo to the PNG icons in public/.
// Run from the repo root: node apps/web/scripts/render-icons.mjs
// Needs Chromium at /usr/bin/chromium (apt-get install -y chromium) and playwright-core.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = await readFile(`${publicDir}favicon.svg`, 'utf8');
const inner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

/** Full-bleed square with the pin scaled into the maskable safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="#1867C0"/>
  <g transform="translate(256 256) scale(0.62) translate(-256 -268)">
    ${inner.replace(/<rect[^>]*\/>/, '')}
  </g>
</svg>`;

const targets = [
  { file: 'pwa-192x192.png', size: 192, svg: logo, background: '#ffffff' },
  { file: 'pwa-512x512.png', size: 512, svg: logo, background: '#ffffff' },
  { file: 'maskable-512x512.png', size: 512, svg: maskable, background: '#1867C0' },
  // iOS ignores transparency: give the touch icon a solid, full-bleed background.
  { file: 'apple-touch-icon.png', size: 180, svg: maskable, background: '#1867C0' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const target of targets) {
    const page = await browser.newPage({ viewport: { width: target.size, height: target.size } });
    const svg = target.svg.replace('<svg ', `<svg width="${target.size}" height="${target.size}" `);
    await page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:${target.background};overflow:hidden}svg{display:block}</style></head><body>${svg}</body></html>`,
    );
    await page.screenshot({
      path: `${publicDir}${target.file}`,
      omitBackground: false,
      clip: { x: 0, y: 0, width: target.size, height: target.size },
    });
    await page.close();
    console.log(`wrote public/${target.file}`);
  }
} finally {
  await browser.close();
}
