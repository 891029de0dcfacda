import type { CtcPeriod, EnrolmentStatus, OptOutReason } from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  seedBranch,
  seedCycle,
  seedCycleCompany,
  seedCycleOpening,
  seedEnrolment,
  seedInstitution,
  seedInstitutionRole,
  seedOffer,
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
} from '../seed/helpers';

/**
 * The hand-counted placement cycle of the statistics and notices tests (docs/ARCHITECTURE.md "Statistics and
 * notices"). Every figure the tests expect is counted by hand in the comments below, student by student; a second
 * cycle of the same institution holds rows that must never be counted in the first.
 *
 *   student  programme/branch        status      applications (cycle openings)                     offers
 *   s01      B.Tech CSE              available   O1 applied · O2 rejected                          O2 withdrawn
 *   s02      B.Tech CSE              placed      O1 offered · O2 applied                           O1 accepted 12 L/yr
 *   s03      B.Tech CSE              available   O3 offered                                        O3 accepted 1.5 L/month (18 L/yr)
 *   s04      B.Tech ECE              available   —
 *   s05      B.Tech ECE              opted_out (higher studies)
 *   s06      B.Tech ECE              debarred    O1 withdrawn
 *   s07      MBA Finance             placed      O2 hired                                          O2 accepted 25 L/yr
 *   s08      MBA Finance             available   O3 offered                                        O3 pending 9 L/yr
 *   s09      MBA Finance             available   O1 offered · O3 shortlisted                       O1 declined 11 L/yr
 *   s10      B.Tech "Mechanical" (own text, no account yet)  available
 *   s11      B.Tech CSE              available   O4 offered                                        O4 accepted USD 100 000/yr
 *
 * Companies: A (O1, O2), B (O3), C (O4), G (O5, no applications) approved; D requested; E rejected; F invited.
 * Policy: tiers Dream ≥ 20 L, A ≥ 10 L, B ≥ 0 in INR.
 */
export interface PlacementFixture {
  institutionId: number;
  cycleId: string;
  otherCycleId: string;
  rootId: number;
  students: Record<string, { id: number; email: string } | { id: null; email: string }>;
  companies: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', number>;
  openings: Record<'O1' | 'O2' | 'O3' | 'O4' | 'O5' | 'X1', string>;
  branches: Record<'cse' | 'ece' | 'finance', string>;
  /** Stage ids by opening and kind. */
  stageOf(opening: 'O1' | 'O2' | 'O3' | 'O4' | 'O5' | 'X1', kind: string): string;
}

type Rows<T> = { rows: T[] };

export const TIER_POLICY = [
  {
    kind: 'ctcTiers',
    params: {
      currency: 'INR',
      tiers: [
        { name: 'Dream', minAnnualCtc: 2_000_000 },
        { name: 'A', minAnnualCtc: 1_000_000 },
        { name: 'B', minAnnualCtc: 0 },
      ],
      onlyHigherTiers: true,
      maxUpgrades: 1,
    },
  },
];

export async function seedPlacementFixture(
  db: Executor,
  tag = Math.random().toString(36).slice(2, 8),
): Promise<PlacementFixture> {
  const institution = await seedInstitution(db, { name: `Stats Institute ${tag}`, domain: `stats-${tag}.edu` });
  const root = await seedStudent(db, { name: 'Cell Root', email: `root-${tag}@stats.example` });
  await seedInstitutionRole(db, { institutionId: institution.id, userId: root.id, role: 'root' });

  const branch = async (degree: string, name: string, aliases: string[]) =>
    (await seedBranch(db, { institutionId: institution.id, degree, name, aliases })).id;
  const branches = {
    cse: await branch('B.Tech', 'Computer Science and Engineering', ['CSE', 'CS']),
    ece: await branch('B.Tech', 'Electronics and Communication', ['ECE']),
    finance: await branch('MBA', 'Finance', []),
  };
  const cycle = async (name: string) =>
    (await seedCycle(db, { institutionId: institution.id, name, policy: TIER_POLICY, createdBy: root.id })).id;
  const cycleId = await cycle('Final placements 2026-27');
  const otherCycleId = await cycle('Summer internships 2027');

  const students: PlacementFixture['students'] = {};
  for (let n = 1; n <= 11; n++) {
    const key = `s${String(n).padStart(2, '0')}`;
    const email = `${key}-${tag}@stats.example`;
    students[key] =
      n === 10 ? { id: null, email } : { id: (await seedStudent(db, { name: `Student ${key}`, email })).id, email };
  }
  const enrol = async (
    key: string,
    values: {
      degree: string;
      branchId?: string;
      branchText?: string;
      status?: EnrolmentStatus;
      reason?: string;
      optOut?: OptOutReason;
    },
    cycle = cycleId,
  ) => {
    const student = students[key];
    if (!student) throw new Error(key);
    await seedEnrolment(db, {
      cycleId: cycle,
      ...(student.id === null ? { email: student.email } : { userId: student.id }),
      status: values.status ?? 'available',
      debarredReason: values.reason,
      degree: values.degree,
      branchId: values.branchId ?? null,
      branchText: values.branchText ?? null,
      cgpa: 8.25,
      backlogs: 0,
      graduationYear: 2027,
      source: 'import',
      optOutReason: values.optOut ?? null,
      rollNumber: `R-${key}`,
    });
  };
  await enrol('s01', { degree: 'B.Tech', branchId: branches.cse });
  await enrol('s02', { degree: 'B.Tech', branchId: branches.cse, status: 'placed' });
  await enrol('s03', { degree: 'B.Tech', branchId: branches.cse });
  await enrol('s04', { degree: 'B.Tech', branchId: branches.ece });
  await enrol('s05', { degree: 'B.Tech', branchId: branches.ece, status: 'opted_out', optOut: 'higher_studies' });
  await enrol('s06', {
    degree: 'B.Tech',
    branchId: branches.ece,
    status: 'debarred',
    reason: 'Absent from three rounds',
  });
  await enrol('s07', { degree: 'MBA', branchId: branches.finance, status: 'placed' });
  await enrol('s08', { degree: 'MBA', branchId: branches.finance });
  await enrol('s09', { degree: 'MBA', branchId: branches.finance });
  await enrol('s10', { degree: 'B.Tech', branchText: 'Mechanical' });
  await enrol('s11', { degree: 'B.Tech', branchId: branches.cse });
  // The other cycle: s01 placed there, s04 applying there. None of it counts in the first cycle.
  await enrol('s01', { degree: 'B.Tech', branchId: branches.cse, status: 'placed' }, otherCycleId);
  await enrol('s04', { degree: 'B.Tech', branchId: branches.ece }, otherCycleId);

  const companies = {} as PlacementFixture['companies'];
  for (const name of ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const) {
    companies[name] = (
      await seedOrganization(db, {
        name: `Company ${name} ${tag}`,
        email: `co-${name.toLowerCase()}-${tag}@stats.example`,
      })
    ).id;
  }
  const register = async (
    name: keyof PlacementFixture['companies'],
    status: 'requested' | 'invited' | 'approved' | 'rejected',
    cycle = cycleId,
  ) => seedCycleCompany(db, { cycleId: cycle, organizationId: companies[name], status });
  await register('A', 'approved');
  await register('B', 'approved');
  await register('C', 'approved');
  await register('D', 'requested');
  await register('E', 'rejected');
  await register('F', 'invited');
  await register('G', 'approved');
  await register('A', 'approved', otherCycleId);

  const openings = {} as PlacementFixture['openings'];
  const stages = new Map<string, string>();
  const applicationOf = new Map<string, string>();
  const open = async (
    key: keyof PlacementFixture['openings'],
    company: keyof PlacementFixture['companies'],
    applicants: string[],
    ctc: { amount: number; currency: string; period: CtcPeriod },
    cycle = cycleId,
  ) => {
    const { opening, applications } = await seedOpeningWithApplicants(db, {
      organizationId: companies[company],
      opening: { title: `${key} role ${tag}` },
      applicants: applicants.map((s) => ({
        userId: students[s]?.id as number,
        answers: { name: `Student ${s}`, email: students[s]?.email },
      })),
    });
    openings[key] = opening.id;
    await seedCycleOpening(db, {
      cycleId: cycle,
      openingId: opening.id,
      ctcAmount: ctc.amount,
      ctcCurrency: ctc.currency,
      ctcPeriod: ctc.period,
    });
    const rows = (
      (await db.execute(
        sql`select id, kind from opening_stages where opening_id = ${opening.id}::uuid`,
      )) as unknown as Rows<{
        id: string;
        kind: string;
      }>
    ).rows;
    for (const row of rows) stages.set(`${key}:${row.kind}`, row.id);
    for (const [index, s] of applicants.entries()) applicationOf.set(`${key}:${s}`, applications[index]?.id as string);
  };
  const inr = (amount: number) => ({ amount, currency: 'INR', period: 'year' as const });
  await open('O1', 'A', ['s01', 's02', 's06', 's09'], inr(1_200_000));
  await open('O2', 'A', ['s01', 's02', 's07'], inr(2_500_000));
  await open('O3', 'B', ['s03', 's08', 's09'], { amount: 150_000, currency: 'INR', period: 'month' as const });
  await open('O4', 'C', ['s11'], { amount: 100_000, currency: 'USD', period: 'year' as const });
  await open('O5', 'G', [], inr(800_000));
  await open('X1', 'A', ['s01', 's04'], inr(3_000_000), otherCycleId);

  const stageOf = (opening: keyof PlacementFixture['openings'], kind: string) => {
    const id = stages.get(`${opening}:${kind}`);
    if (!id) throw new Error(`no ${kind} stage on ${opening}`);
    return id;
  };
  const place = async (
    opening: keyof PlacementFixture['openings'],
    student: string,
    kind: string,
    status = 'submitted',
  ) => {
    await db.execute(sql`update applications set stage_id = ${stageOf(opening, kind)}::uuid, status = ${status}
      where id = ${applicationOf.get(`${opening}:${student}`) as string}::uuid`);
  };
  await place('O1', 's02', 'offered');
  await place('O1', 's06', 'applied', 'withdrawn');
  await place('O1', 's09', 'offered');
  await place('O2', 's01', 'rejected');
  await place('O2', 's07', 'hired');
  await place('O3', 's03', 'offered');
  await place('O3', 's08', 'offered');
  await place('O3', 's09', 'shortlisted');
  await place('O4', 's11', 'offered');
  await place('X1', 's01', 'hired');

  const offer = async (
    opening: keyof PlacementFixture['openings'],
    student: string,
    _company: keyof PlacementFixture['companies'],
    status: 'pending' | 'accepted' | 'declined' | 'withdrawn',
    ctc: { amount: number; currency: string; period: CtcPeriod },
    cycle = cycleId,
  ) =>
    seedOffer(db, {
      applicationId: applicationOf.get(`${opening}:${student}`) as string,
      cycleId: cycle,
      role: 'Engineer',
      ctcAmount: ctc.amount,
      ctcCurrency: ctc.currency,
      ctcPeriod: ctc.period,
      status,
    });
  await offer('O2', 's01', 'A', 'withdrawn', inr(2_500_000));
  await offer('O1', 's02', 'A', 'accepted', inr(1_200_000));
  await offer('O3', 's03', 'B', 'accepted', { amount: 150_000, currency: 'INR', period: 'month' as const });
  await offer('O2', 's07', 'A', 'accepted', inr(2_500_000));
  await offer('O3', 's08', 'B', 'pending', inr(900_000));
  await offer('O1', 's09', 'A', 'declined', inr(1_100_000));
  await offer('O4', 's11', 'C', 'accepted', { amount: 100_000, currency: 'USD', period: 'year' as const });
  await offer('X1', 's01', 'A', 'accepted', inr(3_000_000), otherCycleId);

  return {
    institutionId: institution.id,
    cycleId,
    otherCycleId,
    rootId: root.id,
    students,
    companies,
    openings,
    branches,
    stageOf,
  };
}
