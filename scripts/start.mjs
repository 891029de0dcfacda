// `npm start`: builds the web app and the server when their build is missing or older than the
// sources, then serves both from one process on PORT (default 3000) with the embedded defaults.
import path from 'node:path';
import { buildIfStale, root, run } from './lib.mjs';

const built = await buildIfStale();
if (built !== 0) process.exit(built);

process.exit(
  await run(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    // The product on its embedded defaults: responses trusted as in production (tests and `npm run dev` check them).
    env: { NODE_ENV: 'development', RESPONSE_CHECKS: 'trusted', ...process.env },
  }),
);
