// `npm start`: builds the web app and the server when their build is missing or older than the
// sources, then serves both from one process on PORT (default 3000) with the embedded defaults.
import path from 'node:path';
import { mtimeOf, newestMtime, npm, root, run } from './lib.mjs';

const sources = [
  'packages/contract',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/drizzle',
  'package-lock.json',
];
const builtAt = Math.min(mtimeOf('apps/web/dist/index.html'), mtimeOf('apps/server/dist/main.js'));

if (builtAt === 0 || newestMtime(sources) > builtAt) {
  console.log('Building Placely (first start or sources changed)…');
  const code = await run(npm, ['run', 'build', '--silent']);
  if (code !== 0) process.exit(code);
}

process.exit(
  await run(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    env: { NODE_ENV: 'development', ...process.env },
  }),
);
