/**
 * `tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a CPU profile's time went, without a viewer. For a
 * server run under `npm run bench` with `BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'` (the profile is
 * written when the server exits at the end of the run; pick one scenario with BENCH_ONLY).
 *
 * Prints the functions with the most self time (the samples in which they were on top of the stack), then the same
 * grouped by where the code lives (a package under node_modules, node's own internals, or our source file), then the
 * inclusive time of the functions on most stacks (their own time and everything they called). Idle and GC samples
 * are counted apart, so the percentages are of the time the process was busy.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Each sample's duration is the delta to the next one (the last sample gets the average).
const selfUs = new Map<number, number>();
const average = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index + 1] ?? average;
  selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, delta));
});

const special = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const frameKey = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.indexOf('/apps/server/');
  return src >= 0 ? url.slice(src + '/apps/server/'.length) : url;
}
function placeOf(frame: CallFrame): string {
  if (special.has(frame.functionName)) return frame.functionName;
  const url = frame.url;
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  return shortUrl(url);
}

let total = 0;
let idle = 0;
const self = new Map<string, number>();
const places = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  if (!node) continue;
  total += us;
  if (node.callFrame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  const key = frameKey(node.callFrame);
  self.set(key, (self.get(key) ?? 0) + us);
  const place = placeOf(node.callFrame);
  places.set(place, (places.get(place) ?? 0) + us);
}
// Inclusive: each sample's time counted once for every distinct function on its stack.
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  let at: number | undefined = id;
  while (at !== undefined) {
    const node = byId.get(at);
    if (!node) break;
    const key = frameKey(node.callFrame);
    if (!seen.has(key) && !special.has(node.callFrame.functionName)) {
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
    at = parent.get(at);
  }
}
const busy = total - idle;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((100 * us) / Math.max(1, busy)).toFixed(1).padStart(5)}%`;
const list = (title: string, entries: Map<string, number>, n: number) => {
  console.log(`\n${title}`);
  for (const [key, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
list('self time by function (ms, % of busy)', self, top);
list('self time by place', places, 20);
list('inclusive time by function', inclusive, top);
