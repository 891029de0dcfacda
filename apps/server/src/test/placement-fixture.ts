import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  seedInstitution,
  seedInstitutionRole,
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
const one = async <T>(db: Executor, statement: ReturnType<typeof sql>): Promise<T> => {
  const row = ((await db.execute(statement)) as unknown as Rows<T>).rows[0];
  if (!row) throw new Error('placement fixture: no row');
  return row;
};

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

export async function seedPlacementFixture(db: Executor, tag = Math.random().toString(36).slice(2, 8)): Promise<PlacementFixture> {
  const institution = await seedInstitution(db, { name: `Stats Institute ${tag}`, domain: `stats-${tag}.edu` });
  const root = await seedStudent(db, { name: 'Cell Root', email: `root-${tag}@stats.example` });
  await seedInstitutionRole(db, { institutionId: institution.id, userId: root.id, role: 'root' });

  const branch = async (degree: string, name: string, aliases: string[]) =>
    (
      await one<{ id: string }>(
        db,
        sql`insert into institution_branches (institution_id, degree, name, aliases)
          values (${institution.id}, ${degree}, ${name}, ${`{${aliases.join(',')}}`}::text[]) returning id`,
      )
    ).id;
  const branches = {
    cse: await branch('B.Tech', 'Computer Science and Engineering', ['CSE', 'CS']),
    ece: await branch('B.Tech', 'Electronics and Communication', ['ECE']),
    finance: await branch('MBA', 'Finance', []),
  };
  const cycle = async (name: string) =>
    (
      await one<{ id: string }>(
        db,
        sql`insert into placement_cycles (institution_id, name, kind, starts_on, ends_on, join_token, policy, created_by)
          values (${institution.id}, ${name}, 'jobs', '2026-07-01', '2027-06-30', ${`join-${tag}-${name.length}-${Math.random()}`},
            ${JSON.stringify(TIER_POLICY)}::jsonb, ${root.id}) returning id`,
      )
    ).id;
  const cycleId = await cycle('Final placements 2026-27');
  const otherCycleId = await cycle('Summer internships 2027');

  const students: PlacementFixture['students'] = {};
  for (let n = 1; n <= 11; n++) {
    const key = `s${String(n).padStart(2, '0')}`;
    const email = `${key}-${tag}@stats.example`;
    students[key] = n === 10 ? { id: null, email } : { id: (await seedStudent(db, { name: `Student ${key}`, email })).id, email };
  }
  const enrol = async (
    key: string,
    values: { degree: string; branchId?: string; branchText?: string; status?: string; reason?: string; optOut?: string },
    cycle = cycleId,
  ) => {
    const student = students[key];
    if (!student) throw new Error(key);
    await db.execute(sql`insert into cycle_enrolments (cycle_id, user_id, email, status, debarred_reason, degree, branch_id,
        branch_text, cgpa, backlogs, graduation_year, source, opt_out_reason, roll_number)
      values (${cycle}::uuid, ${student.id}, ${student.email}, ${values.status ?? 'available'}, ${values.reason ?? null},
        ${values.degree}, ${values.branchId ?? null}::uuid, ${values.branchText ?? null}, 8.25, 0, 2027, 'import',
        ${values.optOut ?? null}, ${`R-${key}`})`);
  };
  await enrol('s01', { degree: 'B.Tech', branchId: branches.cse });
  await enrol('s02', { degree: 'B.Tech', branchId: branches.cse, status: 'placed' });
  await enrol('s03', { degree: 'B.Tech', branchId: branches.cse });
  await enrol('s04', { degree: 'B.Tech', branchId: branches.ece });
  await enrol('s05', { degree: 'B.Tech', branchId: branches.ece, status: 'opted_out', optOut: 'higher_studies' });
  await enrol('s06', { degree: 'B.Tech', branchId: branches.ece, status: 'debarred', reason: 'Absent from three rounds' });
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
    companies[name] = (await seedOrganization(db, { name: `Company ${name} ${tag}`, email: `co-${name.toLowerCase()}-${tag}@stats.example` })).id;
  }
  const register = async (name: keyof PlacementFixture['companies'], status: string, cycle = cycleId) =>
    db.execute(sql`insert into cycle_companies (cycle_id, organization_id, status) values (${cycle}::uuid, ${companies[name]}, ${status})`);
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
    ctc: { amount: number; currency: string; period: string },
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
    await db.execute(sql`update openings set cycle_id = ${cycle}::uuid where id = ${opening.id}::uuid`);
    await db.execute(sql`insert into cycle_openings (opening_id, cycle_id, organization_id, status, ctc_amount, ctc_currency, ctc_period)
      values (${opening.id}::uuid, ${cycle}::uuid, ${companies[company]}, 'approved', ${ctc.amount}, ${ctc.currency}, ${ctc.period})`);
    const rows = ((await db.execute(sql`select id, kind from opening_stages where opening_id = ${opening.id}::uuid`)) as unknown as Rows<{
      id: string;
      kind: string;
    }>).rows;
    for (const row of rows) stages.set(`${key}:${row.kind}`, row.id);
    applicants.forEach((s, index) => applicationOf.set(`${key}:${s}`, applications[index]?.id as string));
  };
  const inr = (amount: number) => ({ amount, currency: 'INR', period: 'year' });
  await open('O1', 'A', ['s01', 's02', 's06', 's09'], inr(1_200_000));
  await open('O2', 'A', ['s01', 's02', 's07'], inr(2_500_000));
  await open('O3', 'B', ['s03', 's08', 's09'], { amount: 150_000, currency: 'INR', period: 'month' });
  await open('O4', 'C', ['s11'], { amount: 100_000, currency: 'USD', period: 'year' });
  await open('O5', 'G', [], inr(800_000));
  await open('X1', 'A', ['s01', 's04'], inr(3_000_000), otherCycleId);

  const stageOf = (opening: keyof PlacementFixture['openings'], kind: string) => {
    const id = stages.get(`${opening}:${kind}`);
    if (!id) throw new Error(`no ${kind} stage on ${opening}`);
    return id;
  };
  const place = async (opening: keyof PlacementFixture['openings'], student: string, kind: string, status = 'submitted') => {
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
    company: keyof PlacementFixture['companies'],
    status: string,
    ctc: { amount: number; currency: string; period: string },
    cycle = cycleId,
  ) =>
    db.execute(sql`insert into offers (application_id, opening_id, organization_id, individual_id, cycle_id, role,
        ctc_amount, ctc_currency, ctc_period, respond_by, status)
      values (${applicationOf.get(`${opening}:${student}`) as string}::uuid, ${openings[opening]}::uuid, ${companies[company]},
        ${students[student]?.id as number}, ${cycle}::uuid, 'Engineer', ${ctc.amount}, ${ctc.currency}, ${ctc.period},
        now() + interval '7 days', ${status})`);
  await offer('O2', 's01', 'A', 'withdrawn', inr(2_500_000));
  await offer('O1', 's02', 'A', 'accepted', inr(1_200_000));
  await offer('O3', 's03', 'B', 'accepted', { amount: 150_000, currency: 'INR', period: 'month' });
  await offer('O2', 's07', 'A', 'accepted', inr(2_500_000));
  await offer('O3', 's08', 'B', 'pending', inr(900_000));
  await offer('O1', 's09', 'A', 'declined', inr(1_100_000));
  await offer('O4', 's11', 'C', 'accepted', { amount: 100_000, currency: 'USD', period: 'year' });
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
