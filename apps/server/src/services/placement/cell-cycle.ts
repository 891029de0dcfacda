import { sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import { authorize } from '../../policies';
import { type CellAccess, cellAccessOf } from './access';

export interface CellCycle {
  id: string;
  institutionId: number;
  name: string;
  kind: string;
  policy: unknown;
}

/**
 * A cycle for the placement cell's statistics and notices routes: loaded (an unknown id is a 404), then the caller's
 * standing in the cycle's institution's cell (services/placement/access.ts) judged by `action` — 403 for anyone
 * outside the cell, companies and students included.
 */
export async function loadCellCycle(
  db: Executor,
  actor: Actor,
  cycleId: string,
  action: 'placementCell.view' | 'placementNotice.post',
): Promise<{ cycle: CellCycle; access: CellAccess }> {
  const result = (await db.execute(sql`select id, institution_id, name, kind, policy
    from placement_cycles where id = ${cycleId}::uuid`)) as unknown as {
    rows: Array<{ id: string; institution_id: number | string; name: string; kind: string; policy: unknown }>;
  };
  const row = result.rows[0];
  if (!row) throw errors.notFound('That placement cycle');
  const cycle = {
    id: row.id,
    institutionId: Number(row.institution_id),
    name: row.name,
    kind: row.kind,
    policy: row.policy,
  };
  const access = await cellAccessOf(db, actor.user.id, cycle.institutionId);
  authorize(actor, action, access);
  return { cycle, access };
}
