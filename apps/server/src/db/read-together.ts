import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

type Results<T extends readonly (() => unknown)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Independent reads: at once on the pool (each takes its own connection), one after another inside a transaction —
 * a transaction is one connection, and node-postgres queues a query sent while another runs on it (deprecated, and
 * refused from pg@9).
 */
export async function readTogether<const T extends readonly (() => unknown)[]>(
  db: Executor,
  reads: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
