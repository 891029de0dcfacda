import type { CellRole } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The caller's standing in an institution's placement cell — the ONE place that decides it (docs/ARCHITECTURE.md
 * "Placement season"): the institution's root and admins are the cell's owners; the live team of an organization
 * linked to the institution (organizations.institution_id with institution_linked_at set, not deleted) acts with
 * its team role. A coordinator may be limited to some companies of a cycle (cycle_coordinator_companies).
 */
export interface CellAccess {
  institutionId: number;
  /** null: the caller is not in the cell. */
  role: CellRole | null;
  via: 'institution' | 'organization' | null;
  /** The organization_members row the role comes from (via organization), for the company limits. */
  memberId: string | null;
  organizationId: number | null;
}

const RANK: Record<CellRole, number> = { owner: 3, coordinator: 2, reviewer: 1 };

interface AccessRow {
  institution_role: string | null;
  member_id: string | null;
  member_role: CellRole | null;
  organization_id: number | string | null;
  [key: string]: unknown;
}

/** One read: the caller's institution role and best team role in a linked organization. */
export async function cellAccessOf(db: Executor, userId: number, institutionId: number): Promise<CellAccess> {
  const result = (await db.execute(sql`
    select
      (select r.role from institution_roles r where r.institution_id = ${institutionId} and r.user_id = ${userId})
        as institution_role,
      m.id as member_id, m.role as member_role, m.organization_id
    from (select 1) one
    left join lateral (
      select om.id, om.role, om.organization_id
      from organizations o
      join organization_members om on om.organization_id = o.id and om.user_id = ${userId} and om.revoked_at is null
      where o.institution_id = ${institutionId} and o.institution_linked_at is not null and o.deleted_at is null
      order by case om.role when 'owner' then 3 when 'coordinator' then 2 else 1 end desc, om.id
      limit 1
    ) m on true`)) as unknown as { rows: AccessRow[] };
  return cellAccessFromRow(institutionId, result.rows[0]);
}

export function cellAccessFromRow(institutionId: number, row: AccessRow | undefined): CellAccess {
  if (row?.institution_role) {
    return { institutionId, role: 'owner', via: 'institution', memberId: null, organizationId: null };
  }
  if (row?.member_role && RANK[row.member_role] !== undefined) {
    return {
      institutionId,
      role: row.member_role,
      via: 'organization',
      memberId: row.member_id,
      organizationId: row.organization_id === null ? null : Number(row.organization_id),
    };
  }
  return { institutionId, role: null, via: null, memberId: null, organizationId: null };
}

/**
 * The companies a coordinator is limited to in a cycle, or null when they cover all of them (owners, reviewers,
 * coordinators without rows). Reviewers read everything and change nothing (policies/placement.ts).
 */
export async function companyLimitOf(db: Executor, access: CellAccess, cycleId: string): Promise<number[] | null> {
  if (access.role !== 'coordinator' || access.memberId === null) return null;
  const result = (await db.execute(sql`
    select organization_id from cycle_coordinator_companies
    where cycle_id = ${cycleId} and member_id = ${access.memberId}`)) as unknown as {
    rows: Array<{ organization_id: number | string }>;
  };
  return result.rows.length === 0 ? null : result.rows.map((row) => Number(row.organization_id));
}

/** The institutions whose cell the caller is in (any role), for "my cycles" lists. SQL fragment of institution ids. */
export function cellInstitutionsOf(userId: number) {
  return sql`(select r.institution_id from institution_roles r where r.user_id = ${userId}
    union select o.institution_id from organizations o
      join organization_members om on om.organization_id = o.id and om.user_id = ${userId} and om.revoked_at is null
      where o.institution_linked_at is not null and o.deleted_at is null)`;
}
