import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { useTestDatabase } from '../test/database';
import { membershipOfCaller } from './organizations';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a statement would still read by a sequential scan with sequential scans priced out
 * (`enable_seqscan = off`): the reads no index can serve, whatever the tables' sizes and statistics.
 */
async function unindexedReads(db: Executor, statement: SQL): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${statement}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const raw = Object.values(result.rows[0] ?? {})[0];
    const [{ Plan: root }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    const scanned: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) scanned.push(node['Relation Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root);
    return scanned;
  });
}

describe('the caller’s membership of an organization', () => {
  const database = useTestDatabase();

  it('is read by index, revoked rows included: every organization request reads it', async () => {
    const read = sql`select ${membershipOfCaller(sql.raw('7::bigint'))} from ${users} where ${users.id} = 7`;
    // Without organization_members_organization_user_idx this read every membership of every organization.
    expect(await unindexedReads(database.db, read)).toEqual([]);
  });
});
