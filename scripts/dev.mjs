// `npm run dev`: the API server (tsx watch) and Vite (hot reload) side by side.
// Vite proxies /api, /oidc and /dev-idp to the server, so open the Vite URL it prints.
import { spawn } from 'node:child_process';
import { npm, root } from './lib.mjs';

const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
