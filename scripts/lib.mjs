// Small process helpers shared by the root scripts (dev, start, test).
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Newest modification time (ms) of any file under the given paths, skipping build output and dependencies. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    let stat;
    try {
      stat = statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      const name = path.basename(target);
      if (name === 'node_modules' || name === 'dist' || name === 'dev-dist' || name.startsWith('.')) return;
      for (const entry of readdirSync(target)) visit(path.join(target, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const target of paths) visit(path.resolve(root, target));
  return newest;
}

export function mtimeOf(file) {
  try {
    return statSync(path.resolve(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** What the production build is made from: a change to any of these makes the build stale. */
const BUILD_SOURCES = [
  'packages/contract',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/size-budget.json',
  'apps/web/scripts',
  'apps/server/src',
  'apps/server/drizzle',
  'package-lock.json',
];

/** Builds web app and server when their build is missing or older than the sources; resolves with an exit code. */
export async function buildIfStale(reason = 'sources changed') {
  const builtAt = Math.min(
    mtimeOf('apps/web/dist/index.html'),
    mtimeOf('apps/web/dist-ssr/server.js'),
    mtimeOf('apps/server/dist/main.js'),
  );
  if (builtAt !== 0 && newestMtime(BUILD_SOURCES) <= builtAt) return 0;
  console.log(`Building Placely (${builtAt === 0 ? 'no build yet' : reason})…`);
  return run(npm, ['run', 'build', '--silent']);
}
