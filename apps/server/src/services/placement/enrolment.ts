import {
  backlogsSchema,
  cgpaSchema,
  type Enrolment,
  type EnrolmentSource,
  graduationYearSchema,
  PLACEMENT_LIMITS,
  type RecordField,
} from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  cycleEnrolments,
  type cycleRecordCorrections,
  institutionBranches,
  institutions,
  placementCycles,
  users,
} from '../../db/schema';
import { errors } from '../../errors';
import { verifiedEducationFactsSql } from '../verification';
import { type BranchRow, branchesOf, branchMatcher, presentBranch } from './branches';
import type { ImportRow } from './import';

export type EnrolmentRow = typeof cycleEnrolments.$inferSelect;

/** An enrolment with what its presentation needs (the person's name, the branch of the list). */
export interface EnrolmentView {
  enrolment: EnrolmentRow;
  name: string | null;
  branch: BranchRow | null;
}

export function presentEnrolment({ enrolment, name, branch }: EnrolmentView): Enrolment {
  return {
    id: enrolment.id,
    cycleId: enrolment.cycleId,
    userId: enrolment.userId,
    email: enrolment.email,
    name,
    claimed: enrolment.userId !== null,
    status: enrolment.status,
    debarredReason: enrolment.debarredReason,
    optOutReason: enrolment.optOutReason,
    rollNumber: enrolment.rollNumber,
    branch: branch ? presentBranch(branch) : null,
    branchText: enrolment.branchText,
    degree: enrolment.degree,
    cgpa: enrolment.cgpa === null ? null : Number(enrolment.cgpa),
    backlogs: enrolment.backlogs,
    graduationYear: enrolment.graduationYear,
    recordsLocked: enrolment.recordsLocked,
    source: enrolment.source,
    absences: enrolment.absences,
    enrolledAt: enrolment.enrolledAt.toISOString(),
  };
}

const viewColumns = { enrolment: cycleEnrolments, name: users.name, branch: institutionBranches };

/** Enrolments with name and branch, by a condition (a cycle's page, one row, a student's rows). */
export function enrolmentViews(db: Executor) {
  return db
    .select(viewColumns)
    .from(cycleEnrolments)
    .leftJoin(users, eq(users.id, cycleEnrolments.userId))
    .leftJoin(institutionBranches, eq(institutionBranches.id, cycleEnrolments.branchId));
}

/** A student's enrolments with their cycle and institution's name (cycles that are not drafts). */
export function studentEnrolmentViews(db: Executor) {
  return db
    .select({ ...viewColumns, cycle: placementCycles, institutionName: institutions.name })
    .from(cycleEnrolments)
    .innerJoin(placementCycles, eq(placementCycles.id, cycleEnrolments.cycleId))
    .innerJoin(institutions, eq(institutions.id, placementCycles.institutionId))
    .leftJoin(users, eq(users.id, cycleEnrolments.userId))
    .leftJoin(institutionBranches, eq(institutionBranches.id, cycleEnrolments.branchId));
}

export async function loadEnrolmentView(db: Executor, enrolmentId: string): Promise<EnrolmentView | null> {
  const [row] = await enrolmentViews(db).where(eq(cycleEnrolments.id, enrolmentId));
  return row ?? null;
}

/**
 * Enrols people from their verified education facts (the `facts` of their main education's latest live "verified"
 * decision, verifiedEducationFactsSql): programme, branch (mapped through the institution's list; unmapped kept as
 * text), CGPA (on a 10-point scale), backlogs, graduation year — locked when facts exist. People already in the
 * cycle are left as they are. `people` is a SQL list of (user_id) rows. Answers the added rows and unmapped branches.
 */
async function enrolWithFacts(
  db: Executor,
  cycle: { id: string; institutionId: number },
  people: ReturnType<typeof sql>,
  source: EnrolmentSource,
): Promise<{ added: number; unmapped: string[] }> {
  const inserted = (await db.execute(sql`
    insert into cycle_enrolments
      (cycle_id, user_id, email, degree, branch_text, cgpa, backlogs, graduation_year, records_locked, source)
    select ${cycle.id}::uuid, u.id, lower(u.email), f.facts->>'degree', f.facts->>'branch',
      case when f.facts->>'gradeScale' = 'CGPA_10' and (f.facts->>'grade') ~ '^[0-9]+(\\.[0-9]+)?$'
        and (f.facts->>'grade')::numeric <= 10 then round((f.facts->>'grade')::numeric, 2) end,
      case when (f.facts->>'currentBacklogs') ~ '^[0-9]+$' then (f.facts->>'currentBacklogs')::int end,
      case when (f.facts->>'graduationYear') ~ '^[0-9]{4}$' then (f.facts->>'graduationYear')::int end,
      f.facts is not null, ${source}
    from (${people}) p(user_id)
    join users u on u.id = p.user_id
    cross join lateral (select ${verifiedEducationFactsSql(sql`u.id`)} as facts) f
    on conflict do nothing
    returning id, branch_text, degree`)) as unknown as {
    rows: Array<{ id: string; branch_text: string | null; degree: string | null }>;
  };
  const withText = inserted.rows.filter((row) => row.branch_text);
  const unmapped = new Set<string>();
  if (withText.length > 0) {
    const match = branchMatcher(await branchesOf(db, cycle.institutionId));
    const mapped: Array<{ id: string; branch_id: string }> = [];
    for (const row of withText) {
      const branch = match(row.branch_text, row.degree);
      if (branch) mapped.push({ id: row.id, branch_id: branch.id });
      else if (row.branch_text) unmapped.add(row.branch_text);
    }
    if (mapped.length > 0) {
      await db.execute(sql`
        update cycle_enrolments e set branch_id = m.branch_id, branch_text = null
        from jsonb_to_recordset(${JSON.stringify(mapped)}::jsonb) as m(id uuid, branch_id uuid)
        where e.id = m.id`);
    }
  }
  return { added: inserted.rows.length, unmapped: [...unmapped].sort() };
}

/**
 * A student enrols through the join link. A pending row for their email (an uploaded list) becomes theirs; else a
 * new row from their verified facts. Answers whether they were already enrolled.
 */
export async function enrolSelf(
  db: Executor,
  cycle: { id: string; institutionId: number },
  user: { id: number; email: string },
): Promise<boolean> {
  const [mine] = await db
    .select({ id: cycleEnrolments.id })
    .from(cycleEnrolments)
    .where(and(eq(cycleEnrolments.cycleId, cycle.id), eq(cycleEnrolments.userId, user.id)));
  if (mine) return true;
  const claimed = await db
    .update(cycleEnrolments)
    .set({ userId: user.id, updatedAt: sql`now()` })
    .where(
      and(
        eq(cycleEnrolments.cycleId, cycle.id),
        eq(cycleEnrolments.email, user.email.toLowerCase()),
        sql`${cycleEnrolments.userId} is null`,
      ),
    )
    .returning({ id: cycleEnrolments.id });
  if (claimed.length > 0) return false;
  const { added } = await enrolWithFacts(db, cycle, sql`select ${user.id}::bigint`, 'link');
  return added === 0;
}

/** Enrols the members of a verification group with their verified facts; members already in the cycle are kept. */
export async function enrolGroupMembers(
  db: Executor,
  cycle: { id: string; institutionId: number },
  groupId: string,
): Promise<{ added: number; alreadyEnrolled: number; unmappedBranches: string[] }> {
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from verification_group_members m
      where m.group_id = ${groupId} and m.state = 'member'`)) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  const { added, unmapped } = await enrolWithFacts(
    db,
    cycle,
    sql`select m.user_id from verification_group_members m where m.group_id = ${groupId} and m.state = 'member'`,
    'group',
  );
  return { added, alreadyEnrolled: Number(count?.n ?? 0) - added, unmappedBranches: unmapped };
}

/**
 * Writes a checked batch (services/placement/import.ts) in one statement: new rows for new emails (tied to an
 * account when one has the email, else pending), the cell's values over existing rows; every value locked.
 */
export async function writeImportRows(
  db: Executor,
  cycleId: string,
  rows: ImportRow[],
): Promise<{ added: number; updated: number }> {
  if (rows.length === 0) return { added: 0, updated: 0 };
  const payload = rows.map((row) => ({
    email: row.email,
    roll_number: row.rollNumber,
    branch_id: row.branchId,
    degree: row.degree,
    cgpa: row.cgpa,
    backlogs: row.backlogs,
    graduation_year: row.graduationYear,
  }));
  const result = (await db.execute(sql`
    insert into cycle_enrolments as e
      (cycle_id, user_id, email, roll_number, branch_id, degree, cgpa, backlogs, graduation_year, records_locked, source)
    select ${cycleId}::uuid, u.id, r.email, r.roll_number, r.branch_id, r.degree, r.cgpa, r.backlogs, r.graduation_year,
      true, 'csv'
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(email text, roll_number text, branch_id uuid,
      degree text, cgpa numeric, backlogs int, graduation_year int)
    left join users u on u.email = r.email
    on conflict (cycle_id, lower(email)) do update set
      user_id = coalesce(e.user_id, excluded.user_id),
      roll_number = coalesce(excluded.roll_number, e.roll_number),
      branch_id = coalesce(excluded.branch_id, e.branch_id),
      branch_text = case when excluded.branch_id is null then e.branch_text end,
      degree = coalesce(excluded.degree, e.degree),
      cgpa = coalesce(excluded.cgpa, e.cgpa),
      backlogs = coalesce(excluded.backlogs, e.backlogs),
      graduation_year = coalesce(excluded.graduation_year, e.graduation_year),
      records_locked = true,
      updated_at = now()
    returning (xmax = 0) as inserted`)) as unknown as { rows: Array<{ inserted: boolean }> };
  const added = result.rows.filter((row) => row.inserted === true || String(row.inserted) === 'true').length;
  return { added, updated: result.rows.length - added };
}

/** A record value as the correction or the cell gives it, checked for its field; branch: an id or a name/alias. */
export async function recordValueOf(
  db: Executor,
  institutionId: number,
  field: RecordField,
  value: string,
): Promise<string | number> {
  const fail = (message: string): never => {
    throw errors.validation([{ field: 'value', message }]);
  };
  const number = (schema: typeof cgpaSchema) => {
    const parsed = /^-?[0-9]+(\.[0-9]+)?$/.test(value.trim()) ? schema.safeParse(Number(value)) : null;
    if (!parsed?.success) return fail(parsed?.error.issues[0]?.message ?? 'Must be a number');
    return parsed.data;
  };
  switch (field) {
    case 'cgpa':
      return number(cgpaSchema);
    case 'backlogs':
      return number(backlogsSchema);
    case 'graduationYear':
      return number(graduationYearSchema);
    case 'rollNumber':
      return value.length > PLACEMENT_LIMITS.rollNumberLength
        ? fail(`At most ${PLACEMENT_LIMITS.rollNumberLength} characters`)
        : value;
    case 'degree':
      return value.length > PLACEMENT_LIMITS.degreeLength
        ? fail(`At most ${PLACEMENT_LIMITS.degreeLength} characters`)
        : value;
    case 'branch': {
      const branches = await branchesOf(db, institutionId);
      const byId = branches.find((branch) => branch.id === value);
      const branch = byId ?? branchMatcher(branches)(value);
      return branch ? branch.id : fail("Not a branch of the institution's list");
    }
  }
}

const COLUMN_OF: Record<RecordField, keyof EnrolmentRow> = {
  rollNumber: 'rollNumber',
  branch: 'branchId',
  degree: 'degree',
  cgpa: 'cgpa',
  backlogs: 'backlogs',
  graduationYear: 'graduationYear',
};

/** The enrolment's current value of a field, as text (what a correction shows next to the requested one). */
export function currentValueOf(enrolment: EnrolmentRow, field: RecordField): string | null {
  const value = enrolment[COLUMN_OF[field]];
  return value === null || value === undefined ? null : String(value);
}

/** Writes an approved correction's value onto the enrolment. */
export async function applyCorrection(
  db: Executor,
  correction: typeof cycleRecordCorrections.$inferSelect,
): Promise<void> {
  const value = correction.requestedValue;
  const set: Partial<typeof cycleEnrolments.$inferInsert> = { updatedAt: sql`now()` as never };
  switch (correction.field) {
    case 'cgpa':
      set.cgpa = Number(value);
      break;
    case 'backlogs':
      set.backlogs = Number(value);
      break;
    case 'graduationYear':
      set.graduationYear = Number(value);
      break;
    case 'rollNumber':
      set.rollNumber = value;
      break;
    case 'degree':
      set.degree = value;
      break;
    case 'branch':
      set.branchId = value;
      set.branchText = null;
      break;
  }
  await db.update(cycleEnrolments).set(set).where(eq(cycleEnrolments.id, correction.enrolmentId));
}
