import { afterAll } from 'vitest';

/**
 * node-postgres warns (once per process) when a query is sent on a client that is still running one — two reads at
 * once on one transaction. pg@9 refuses it, so a test file that causes it fails here, naming the rule.
 *
 * Test files share a worker's modules (`isolate: false`) and this file runs before each of them: the process gets one
 * listener, and each file reads and clears what it recorded.
 */
const shared = globalThis as { placelyQueuedQueries?: string[] };
if (!shared.placelyQueuedQueries) {
  const queued: string[] = [];
  shared.placelyQueuedQueries = queued;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
      queued.push(warning.message);
    }
  });
}
const queuedQueries = shared.placelyQueuedQueries;

afterAll(() => {
  const first = queuedQueries[0];
  queuedQueries.length = 0;
  if (first) {
    throw new Error(
      'Two queries ran at once on one database client (a transaction): use readTogether() from db/read-together.ts ' +
        `instead of Promise.all over a transaction. ${first}`,
    );
  }
});
