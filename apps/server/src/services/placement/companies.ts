import type { CycleOpening } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { cycleCompanies, cycleOpenings, openings, organizationProfiles, users } from '../../db/schema';
import { errors } from '../../errors';
import { authorize } from '../../policies';
import { companyLimitOf } from './access';
import { type CycleRow, loadCellCycle } from './cycles';

export type CycleCompanyRow = typeof cycleCompanies.$inferSelect;
export type CycleOpeningRow = typeof cycleOpenings.$inferSelect;

export const organizationNameSql = sql<string>`coalesce(${organizationProfiles.name}, ${users.name})`;

/** A cycle and the caller's right to act on one company in it (owners; coordinators within their companies). */
export async function loadCellCycleForCompany(
  db: Executor,
  actor: Actor,
  cycleId: string,
  organizationId: number,
): Promise<CycleRow> {
  const { cycle, access } = await loadCellCycle(db, actor, cycleId, 'placementCell.view');
  const limit = await companyLimitOf(db, access, cycle.id);
  authorize(actor, 'placementCell.manageCompany', { access, limit, organizationId });
  return cycle;
}

/** The registrations of a cycle with each organization's name; `organizationIds` narrows (a coordinator's limit). */
export async function companiesOf(db: Executor, cycleId: string, where?: ReturnType<typeof sql>) {
  return db
    .select({ company: cycleCompanies, organizationName: organizationNameSql })
    .from(cycleCompanies)
    .innerJoin(users, eq(users.id, cycleCompanies.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, cycleCompanies.organizationId))
    .where(and(eq(cycleCompanies.cycleId, cycleId), where))
    .orderBy(sql`lower(${organizationNameSql})`, cycleCompanies.id);
}

export function presentCycleCompany(row: { company: CycleCompanyRow; organizationName: string }) {
  const { company } = row;
  return {
    id: company.id,
    cycleId: company.cycleId,
    organizationId: company.organizationId,
    organizationName: row.organizationName,
    status: company.status,
    note: company.note,
    createdAt: company.createdAt.toISOString(),
    decidedAt: company.decidedAt?.toISOString() ?? null,
  };
}

export async function loadCycleCompany(db: Executor, cycleId: string, organizationId: number) {
  const [row] = await companiesOf(db, cycleId, sql`${cycleCompanies.organizationId} = ${organizationId}`);
  if (!row) throw errors.notFound('That registration');
  return row;
}

/** Cycle openings with the opening's title, status, deadline and organization name. */
export function cycleOpeningViews(db: Executor) {
  return db
    .select({
      cycleOpening: cycleOpenings,
      title: openings.title,
      openingStatus: openings.status,
      deadline: openings.deadline,
      organizationName: organizationNameSql,
    })
    .from(cycleOpenings)
    .innerJoin(openings, eq(openings.id, cycleOpenings.openingId))
    .innerJoin(users, eq(users.id, cycleOpenings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, cycleOpenings.organizationId));
}

export function presentCycleOpening(row: {
  cycleOpening: CycleOpeningRow;
  title: string;
  openingStatus: string;
  deadline: Date;
  organizationName: string;
}): CycleOpening {
  const { cycleOpening } = row;
  return {
    openingId: cycleOpening.openingId,
    cycleId: cycleOpening.cycleId,
    title: row.title,
    organizationId: cycleOpening.organizationId,
    organizationName: row.organizationName,
    openingStatus: row.openingStatus,
    deadline: row.deadline.toISOString(),
    status: cycleOpening.status,
    comment: cycleOpening.comment,
    ctcAmount: Number(cycleOpening.ctcAmount),
    ctcCurrency: cycleOpening.ctcCurrency,
    ctcPeriod: cycleOpening.ctcPeriod,
    createdAt: cycleOpening.createdAt.toISOString(),
    decidedAt: cycleOpening.decidedAt?.toISOString() ?? null,
  };
}

export async function loadCycleOpeningView(db: Executor, openingId: string) {
  const [row] = await cycleOpeningViews(db).where(eq(cycleOpenings.openingId, openingId));
  if (!row) throw errors.notFound('That cycle opening');
  return row;
}
