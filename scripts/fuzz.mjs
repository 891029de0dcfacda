// `npm run fuzz`: the generated bad-input suite with 20,000 cases (FUZZ_RUNS) and a fresh seed (FUZZ_SEED to replay
// one); prints the number of cases and failures. TEST_DATABASE_URL runs it on PostgreSQL.
import { npx, run } from './lib.mjs';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '20000';
console.log(`Fuzzing every operation: ${runs} cases, seed ${seed} (replay with FUZZ_SEED=${seed}).`);
process.exit(
  await run(npx, ['vitest', 'run', '--project', 'server', 'apps/server/src/test/suites/bad-input.test.ts'], {
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  }),
);
