import { randomBytes } from 'node:crypto';
import type { Cycle } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { institutions, placementCycles } from '../../db/schema';
import { errors } from '../../errors';
import { authorize, can } from '../../policies';
import { type CellAccess, cellAccessOf } from './access';

export type CycleRow = typeof placementCycles.$inferSelect;

export const newJoinToken = () => randomBytes(24).toString('base64url');

/** Cell actions a cycle route may need (each judges a CellAccess). */
export type CellAction =
  | 'placementCell.view'
  | 'placementCell.manageCycles'
  | 'placementCell.manageStudents'
  | 'placementCell.manageBranches';

/**
 * A cycle and the caller's standing in its cell, authorized for `action`. Someone outside the cell hears 404 (a
 * cycle's existence is the cell's business), a cell member without the right 403. `lock` takes the cycle's row FOR
 * UPDATE (changes that must not interleave: enrolment imports, status changes).
 */
export async function loadCellCycle(
  db: Executor,
  actor: Actor,
  cycleId: string,
  action: CellAction,
  lock = false,
): Promise<{ cycle: CycleRow; access: CellAccess }> {
  const query = db.select().from(placementCycles).where(eq(placementCycles.id, cycleId));
  const [cycle] = lock ? await query.for('update') : await query;
  if (!cycle) throw errors.notFound('That cycle');
  const access = await cellAccessOf(db, actor.user.id, cycle.institutionId);
  if (access.role === null) throw errors.notFound('That cycle');
  authorize(actor, action, access);
  return { cycle, access };
}

/** The caller's cell at an institution, authorized for `action` (403 outside the cell: institutions are public). */
export async function loadCell(db: Executor, actor: Actor, institutionId: number, action: CellAction) {
  const [institution] = await db.select().from(institutions).where(eq(institutions.id, institutionId));
  if (!institution) throw errors.notFound('That institution');
  const access = await cellAccessOf(db, actor.user.id, institutionId);
  authorize(actor, action, access);
  return { institution, access };
}

export interface CycleCounts {
  enrolled: number;
  companies: number;
  openings: number;
}

/** Counts for the cell's cycle list: one statement for any number of cycles. */
export async function cycleCountsOf(db: Executor, cycleIds: string[]): Promise<Map<string, CycleCounts>> {
  if (cycleIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select c.id,
      (select count(*)::int from cycle_enrolments e where e.cycle_id = c.id) as enrolled,
      (select count(*)::int from cycle_companies k where k.cycle_id = c.id and k.status = 'approved') as companies,
      (select count(*)::int from cycle_openings o where o.cycle_id = c.id and o.status = 'approved') as openings
    from placement_cycles c where c.id = any(${sql`array[${sql.join(
      cycleIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`})`)) as unknown as { rows: Array<{ id: string; enrolled: number; companies: number; openings: number }> };
  return new Map(
    result.rows.map((row) => [
      row.id,
      { enrolled: Number(row.enrolled), companies: Number(row.companies), openings: Number(row.openings) },
    ]),
  );
}

/** Every field of a cycle that leaves the server; the join token and counts only for the cell. */
export function presentCycle(
  actor: Actor,
  cycle: CycleRow,
  institutionName: string,
  access: CellAccess | null,
  counts: CycleCounts | null,
): Cycle {
  const inCell = access !== null && access.role !== null;
  return {
    id: cycle.id,
    institutionId: cycle.institutionId,
    institutionName,
    name: cycle.name,
    kind: cycle.kind,
    startsOn: cycle.startsOn,
    endsOn: cycle.endsOn,
    status: cycle.status,
    policy: cycle.policy,
    joinToken: inCell ? cycle.joinToken : null,
    counts: inCell ? counts : null,
    createdAt: cycle.createdAt.toISOString(),
    role: inCell ? access.role : null,
    abilities: {
      manage: inCell && can(actor, 'placementCell.manageCycles', access),
      manageStudents: inCell && can(actor, 'placementCell.manageStudents', access),
      manageCompanies: inCell && access.role !== 'reviewer',
    },
  };
}
