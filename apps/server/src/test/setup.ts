import { afterAll } from 'vitest';

/**
 * node-postgres warns (once per process) when a query is sent on a client that is still running one — two reads at
 * once on one transaction. pg@9 refuses it, so a test file that causes it fails here, naming the rule.
 */
const queuedQueries: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    queuedQueries.push(warning.message);
  }
});

afterAll(() => {
  if (queuedQueries.length > 0) {
    throw new Error(
      'Two queries ran at once on one database client (a transaction): use readTogether() from db/read-together.ts ' +
        `instead of Promise.all over a transaction. ${queuedQueries[0]}`,
    );
  }
});
