#!/usr/bin/env node
// Lists the browser tests that passed only on a retry, from Playwright's JSON reports: `name=path` per pass.
// Called by .ci/run for its closing summary, so a flake is seen (and fixed) rather than absorbed by the retry.
import { existsSync, readFileSync } from 'node:fs';

/** Every test of a report's suites, with the file and line of its spec and its titles joined. */
function* testsOf(suites, titles = []) {
  for (const suite of suites ?? []) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        yield { where: `${spec.file}:${spec.line}`, title: [...inner, spec.title].join(' › '), test };
      }
    }
    yield* testsOf(suite.suites, inner);
  }
}

/** Terminal colour codes in Playwright's messages (ESC [ … m). */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

let flaky = 0;
for (const argument of process.argv.slice(2)) {
  const [pass, file] = argument.split('=');
  if (!file || !existsSync(file)) {
    console.log(`${pass}: no browser-test report (${file ?? 'none given'})`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const retried = [...testsOf(report.suites)].filter(({ test }) => test.status === 'flaky');
  flaky += retried.length;
  console.log(
    `${pass}: ${retried.length === 0 ? 'no browser test needed a retry' : `${retried.length} passed only on a retry:`}`,
  );
  for (const { where, title, test } of retried) {
    const firstError = test.results?.find((result) => result.status !== 'passed')?.error?.message ?? '';
    console.log(`  FLAKY ${where} ${title}`);
    if (firstError) console.log(`        first try: ${firstError.split('\n')[0].replace(COLOURS, '')}`);
  }
}
if (flaky > 0) console.log(`\n${flaky} flaky browser test(s): fix them (assert outcomes, not transient states).`);
