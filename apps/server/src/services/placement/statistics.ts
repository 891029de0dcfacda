import {
  type CycleStatistics,
  PLACEMENT_SINGLE_TIER,
  type UnplacedPage,
  type UnplacedStudent,
} from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';

/**
 * A placement cycle's statistics (docs/ARCHITECTURE.md "Placement season" → "Statistics and notices"): every figure
 * is computed by the database over the cycle's rows in a few aggregate statements — students by branch and degree
 * (grouping sets give the degree and overall totals in the same pass), offers by tier, CTC by currency and branch,
 * companies — never by loading rows into the server. The words of each rule are the contract's
 * STATISTICS_DEFINITIONS; the same statements feed the dashboard, the exports and the bench's pgbench baseline.
 */

/** One tier of the cycle's policy ("ctcTiers" rule), highest first; the last starts at 0. */
export interface Tier {
  name: string;
  /** Lowest CTC per year of the tier (null: no lower bound). */
  min: number | null;
}
export interface TierPlan {
  /** Tiers are judged in this currency; offers in another fall in "Other currencies". Null: every offer. */
  currency: string | null;
  tiers: Tier[];
}

export const OTHER_CURRENCIES_TIER = 'Other currencies';

/**
 * The tiers of a cycle's policy: the `ctcTiers` rule's tiers (highest first) in its currency; without one, a single
 * tier holding every offer. A policy written before the rule's shape settled is read defensively: anything that is
 * not a list of named tiers with a number falls back to the single tier.
 */
export function tierPlanOf(policy: unknown): TierPlan {
  const rules = Array.isArray(policy) ? policy : [];
  for (const rule of rules) {
    if (typeof rule !== 'object' || rule === null || (rule as { kind?: unknown }).kind !== 'ctcTiers') continue;
    const params = (rule as { params?: unknown }).params as
      | { currency?: unknown; tiers?: Array<{ name?: unknown; minAnnualCtc?: unknown }> }
      | undefined;
    const tiers: Tier[] = (Array.isArray(params?.tiers) ? params.tiers : [])
      .filter((tier) => typeof tier?.name === 'string' && typeof tier.minAnnualCtc === 'number')
      .map((tier) => ({ name: tier.name as string, min: tier.minAnnualCtc as number }))
      .sort((a, b) => (b.min ?? 0) - (a.min ?? 0));
    if (tiers.length === 0) break;
    const currency = typeof params?.currency === 'string' ? params.currency : null;
    // Below the lowest bound (a policy whose last tier does not start at 0): counted apart, never silently dropped.
    const lowest = tiers[tiers.length - 1] as Tier;
    if ((lowest.min ?? 0) > 0) tiers.push({ name: `Below ${lowest.name}`, min: null });
    return { currency, tiers };
  }
  return { currency: null, tiers: [{ name: PLACEMENT_SINGLE_TIER, min: null }] };
}

/** An offer's CTC per year, for an `offers` (or `cycle_openings`) row `alias`: a month's figure × 12, else as given. */
export const ctcPerYear = (alias: string) =>
  sql.raw(`(case ${alias}.ctc_period when 'month' then ${alias}.ctc_amount * 12 else ${alias}.ctc_amount end)`);

/** The branch a student is counted under: the institution's branch, else the student's own text, else none. */
const branchName = sql`coalesce(b.name, nullif(btrim(e.branch_text), ''))`;

/**
 * Per applicant, their applications to the cycle's openings: not withdrawn, and of those how many are still in
 * flight — in a stage before Hired that is not a rejection, with no offer or an offer still pending.
 */
const applicationsPerStudent = (cycleId: string) => sql`select a.applicant_id,
      count(*)::int as applications,
      count(*) filter (where st.kind in ('applied', 'shortlisted', 'custom', 'offered')
        and (f.status is null or f.status = 'pending'))::int as in_flight
    from openings o
    join applications a on a.opening_id = o.id
    join opening_stages st on st.id = a.stage_id
    left join offers f on f.application_id = a.id
    where o.cycle_id = ${cycleId}::uuid and a.status <> 'withdrawn'
    group by a.applicant_id`;

/** The cycle's students with what the figures need: eligible, applied, placed (STATISTICS_DEFINITIONS). */
const studentFacts = (cycleId: string) => sql`ap as (${applicationsPerStudent(cycleId)}),
    acc as (select distinct f.individual_id from offers f where f.cycle_id = ${cycleId}::uuid and f.status = 'accepted'),
    s as (
      select e.id, e.user_id, e.status, e.degree, e.branch_id, ${branchName} as branch, e.graduation_year,
        e.opt_out_reason, e.email, e.roll_number, e.cgpa, e.backlogs,
        e.status in ('available', 'placed') as eligible,
        coalesce(ap.applications, 0) > 0 as applied,
        (e.status = 'placed' or acc.individual_id is not null) as placed,
        coalesce(ap.applications, 0) as applications, coalesce(ap.in_flight, 0) as in_flight
      from cycle_enrolments e
      left join institution_branches b on b.id = e.branch_id
      left join ap on ap.applicant_id = e.user_id
      left join acc on acc.individual_id = e.user_id
      where e.cycle_id = ${cycleId}::uuid)`;

const studentCounts = sql`count(*)::int as enrolled,
    count(*) filter (where eligible)::int as eligible,
    count(*) filter (where applied)::int as applied,
    count(*) filter (where placed)::int as placed,
    count(*) filter (where eligible and not placed)::int as unplaced,
    count(*) filter (where status = 'opted_out')::int as opted_out,
    count(*) filter (where status = 'debarred')::int as debarred`;

/** Students by (degree, branch), by degree and overall in one pass (grouping sets). */
export const studentFiguresSql = (cycleId: string) => sql`with ${studentFacts(cycleId)}
  select grouping(degree)::int as g_degree, (grouping(branch_id, branch) <> 0)::int as g_branch,
    degree, branch_id, branch, ${studentCounts}
  from s
  group by grouping sets ((degree, branch_id, branch), (degree), ())
  order by degree nulls last, branch nulls last, branch_id nulls last`;

/** Offers (not withdrawn or rescinded) by tier: each offer in the highest tier whose bound its CTC per year reaches. */
export function tierFiguresSql(cycleId: string, plan: TierPlan): SQL {
  const rows = plan.tiers.map((tier, index) => sql`(${index}::int, ${tier.min}::numeric)`);
  const otherIndex = plan.tiers.length;
  // The highest tier whose bound the CTC reaches; a tier without a bound takes everything below the others.
  const tierOf = sql`(select min(tier.idx) from (values ${sql.join(rows, sql`, `)}) tier(idx, min_ctc)
      where tier.min_ctc is null or ${ctcPerYear('f')} >= tier.min_ctc)`;
  const inCurrency = plan.currency ? sql`f.ctc_currency = ${plan.currency}` : sql`true`;
  return sql`select t.idx, count(*)::int as offers, count(*) filter (where t.status = 'accepted')::int as accepted,
      count(distinct t.individual_id)::int as students
    from (select f.status, f.individual_id,
        case when ${inCurrency} then ${tierOf} else ${otherIndex}::int end as idx
      from offers f
      where f.cycle_id = ${cycleId}::uuid and f.status not in ('withdrawn', 'rescinded')) t
    group by t.idx order by t.idx`;
}

/** Highest, median and mean CTC per year of accepted offers, per currency: overall and by (degree, branch). */
export const ctcFiguresSql = (cycleId: string) => sql`with c as (
    select f.ctc_currency as currency, ${ctcPerYear('f')} as ctc, e.degree, e.branch_id, ${branchName} as branch
    from offers f
    left join cycle_enrolments e on e.cycle_id = f.cycle_id and e.user_id = f.individual_id
    left join institution_branches b on b.id = e.branch_id
    where f.cycle_id = ${cycleId}::uuid and f.status = 'accepted')
  select (grouping(degree, branch_id, branch) <> 0)::int as g_branch, currency, degree, branch_id, branch,
    count(*)::int as offers, max(ctc)::float8 as highest,
    round(percentile_cont(0.5) within group (order by ctc)::numeric, 2)::float8 as median,
    round(avg(ctc), 2)::float8 as mean
  from c
  group by grouping sets ((currency), (currency, degree, branch_id, branch))
  order by currency, degree nulls last, branch nulls last, branch_id nulls last`;

/**
 * Every company registered in the cycle with its approved openings, applications (not withdrawn) to them, and
 * offers; the last row (g = 1) is the cycle's totals, with `visited` counting approved companies whose approved
 * openings received an application.
 */
export const companyFiguresSql = (cycleId: string) => sql`with op as (
    select x.organization_id, count(*)::int as approved_openings,
      coalesce(sum((select count(*) from applications a where a.opening_id = x.opening_id and a.status <> 'withdrawn')), 0)::int
        as applications
    from cycle_openings x
    where x.cycle_id = ${cycleId}::uuid and x.status = 'approved'
    group by x.organization_id
  ), fo as (
    select f.organization_id, count(*) filter (where f.status not in ('withdrawn', 'rescinded'))::int as offers,
      count(*) filter (where f.status = 'accepted')::int as accepted
    from offers f where f.cycle_id = ${cycleId}::uuid
    group by f.organization_id
  ), c as (
    select cc.organization_id, cc.status, coalesce(op.approved_openings, 0) as approved_openings,
      coalesce(op.applications, 0) as applications, coalesce(fo.offers, 0) as offers, coalesce(fo.accepted, 0) as accepted,
      coalesce((select coalesce(p.name, u.name) from users u left join organization_profiles p on p.user_id = u.id
        where u.id = cc.organization_id), '') as name
    from cycle_companies cc
    left join op on op.organization_id = cc.organization_id
    left join fo on fo.organization_id = cc.organization_id
    where cc.cycle_id = ${cycleId}::uuid
  )
  select (grouping(organization_id, status, name) <> 0)::int as g, organization_id, status, name,
    sum(approved_openings)::int as approved_openings, sum(applications)::int as applications,
    sum(offers)::int as offers, sum(accepted)::int as accepted,
    count(*)::int as registered,
    count(*) filter (where status = 'requested')::int as requested,
    count(*) filter (where status = 'invited')::int as invited,
    count(*) filter (where status = 'approved')::int as approved,
    count(*) filter (where status = 'rejected')::int as rejected,
    count(*) filter (where status = 'approved' and applications > 0)::int as visited
  from c
  group by grouping sets ((organization_id, status, name), ())
  order by g, offers desc, name, organization_id`;

/** The unplaced students (eligible, not placed) with their applications in flight: fewest first, where help is due. */
export const unplacedPageSql = (cycleId: string, offset: number, limit: number) => sql`with ${studentFacts(cycleId)}
  select s.id, s.user_id, (select coalesce(ip.name, u.name) from users u left join individual_profiles ip
      on ip.user_id = u.id where u.id = s.user_id) as name,
    s.email, s.roll_number, s.degree, s.branch, s.cgpa::float8 as cgpa, s.backlogs, s.status,
    s.applications, s.in_flight, count(*) over ()::int as total
  from s
  where s.eligible and not s.placed
  order by s.in_flight, s.applications, s.email, s.id
  limit ${limit}::int offset ${offset}::int`;

/**
 * The NIRF "placement and higher studies" figures per programme and graduating year: students of the cycle, those
 * placed, the median CTC per year of their best accepted offer in rupees, and those who opted out for higher studies.
 */
export const nirfSql = (cycleId: string) => sql`with ${studentFacts(cycleId)},
    best as (select f.individual_id, max(${ctcPerYear('f')}) as ctc from offers f
      where f.cycle_id = ${cycleId}::uuid and f.status = 'accepted' and f.ctc_currency = 'INR'
      group by f.individual_id)
  select s.degree, s.graduation_year, count(*)::int as graduating,
    count(*) filter (where s.placed)::int as placed,
    round(percentile_cont(0.5) within group (order by best.ctc) filter (where s.placed)::numeric, 0)::float8 as median,
    count(*) filter (where s.status = 'opted_out' and s.opt_out_reason = 'higher_studies')::int as higher_studies
  from s left join best on best.individual_id = s.user_id
  group by s.degree, s.graduation_year
  order by s.degree nulls last, s.graduation_year nulls last`;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, statement: SQL): Promise<T[]> =>
  ((await db.execute(statement)) as unknown as Rows<T>).rows;

interface StudentRow {
  g_degree: number;
  g_branch: number;
  degree: string | null;
  branch_id: string | null;
  branch: string | null;
  enrolled: number;
  eligible: number;
  applied: number;
  placed: number;
  unplaced: number;
  opted_out: number;
  debarred: number;
}
interface TierRow {
  idx: number;
  offers: number;
  accepted: number;
  students: number;
}
interface CtcRow {
  g_branch: number;
  currency: string;
  degree: string | null;
  branch_id: string | null;
  branch: string | null;
  offers: number;
  highest: number;
  median: number;
  mean: number;
}
interface CompanyRow {
  g: number;
  organization_id: string | number | null;
  status: string | null;
  name: string | null;
  approved_openings: number;
  applications: number;
  offers: number;
  accepted: number;
  registered: number;
  requested: number;
  invited: number;
  approved: number;
  rejected: number;
  visited: number;
}

const figures = (row: StudentRow | undefined) => ({
  enrolled: row?.enrolled ?? 0,
  eligible: row?.eligible ?? 0,
  applied: row?.applied ?? 0,
  placed: row?.placed ?? 0,
  unplaced: row?.unplaced ?? 0,
  optedOut: row?.opted_out ?? 0,
  debarred: row?.debarred ?? 0,
});

const ctcOf = (row: CtcRow) => ({
  currency: row.currency,
  offers: Number(row.offers),
  highest: Number(row.highest),
  median: Number(row.median),
  mean: Number(row.mean),
});

export interface CycleRecord {
  id: string;
  name: string;
  kind: string;
  policy: unknown;
}

/** The whole dashboard: four aggregate statements, read together (at once on the pool). */
export async function cycleStatistics(
  db: Executor,
  cycle: CycleRecord,
): Promise<Omit<CycleStatistics, 'computedAt'> & { computedAt: string }> {
  const plan = tierPlanOf(cycle.policy);
  const [students, tiers, ctc, companies] = await readTogether(db, [
    () => rowsOf<StudentRow>(db, studentFiguresSql(cycle.id)),
    () => rowsOf<TierRow>(db, tierFiguresSql(cycle.id, plan)),
    () => rowsOf<CtcRow>(db, ctcFiguresSql(cycle.id)),
    () => rowsOf<CompanyRow>(db, companyFiguresSql(cycle.id)),
  ]);
  const tierCounts = new Map(tiers.map((row) => [Number(row.idx), row]));
  const tierRows = plan.tiers.map((tier, index) => {
    const row = tierCounts.get(index);
    return {
      tier: tier.name,
      minCtc: tier.min,
      currency: plan.currency,
      offers: row?.offers ?? 0,
      accepted: row?.accepted ?? 0,
      students: row?.students ?? 0,
    };
  });
  const other = tierCounts.get(plan.tiers.length);
  if (other) {
    tierRows.push({
      tier: OTHER_CURRENCIES_TIER,
      minCtc: null,
      currency: null,
      offers: other.offers,
      accepted: other.accepted,
      students: other.students,
    });
  }
  const totals = companies.find((row) => row.g === 1);
  return {
    cycle: { id: cycle.id, name: cycle.name, kind: cycle.kind },
    computedAt: new Date().toISOString(),
    students: {
      total: figures(students.find((row) => row.g_degree === 1)),
      byDegree: students
        .filter((row) => row.g_degree === 0 && row.g_branch === 1)
        .map((row) => ({ degree: row.degree, ...figures(row) })),
      byBranch: students
        .filter((row) => row.g_branch === 0)
        .map((row) => ({ degree: row.degree, branchId: row.branch_id, branch: row.branch, ...figures(row) })),
    },
    tiers: tierRows,
    ctc: {
      overall: ctc.filter((row) => row.g_branch === 1).map(ctcOf),
      byBranch: ctc
        .filter((row) => row.g_branch === 0)
        .map((row) => ({ degree: row.degree, branchId: row.branch_id, branch: row.branch, ...ctcOf(row) })),
    },
    companies: {
      registered: totals?.registered ?? 0,
      requested: totals?.requested ?? 0,
      invited: totals?.invited ?? 0,
      approved: totals?.approved ?? 0,
      rejected: totals?.rejected ?? 0,
      visited: totals?.visited ?? 0,
    },
    offersPerCompany: companies
      .filter((row) => row.g === 0)
      .map((row) => ({
        organizationId: Number(row.organization_id),
        name: row.name ?? '',
        status: row.status ?? '',
        approvedOpenings: row.approved_openings,
        applications: row.applications,
        offers: row.offers,
        accepted: row.accepted,
      })),
  };
}

interface UnplacedRow {
  id: string;
  user_id: string | number | null;
  name: string | null;
  email: string;
  roll_number: string | null;
  degree: string | null;
  branch: string | null;
  cgpa: number | null;
  backlogs: number | null;
  status: string;
  applications: number;
  in_flight: number;
  total: number;
}

export const presentUnplaced = (row: UnplacedRow): UnplacedStudent => ({
  enrolmentId: row.id,
  userId: row.user_id === null ? null : Number(row.user_id),
  name: row.name,
  email: row.email,
  rollNumber: row.roll_number,
  degree: row.degree,
  branch: row.branch,
  cgpa: row.cgpa === null ? null : Number(row.cgpa),
  backlogs: row.backlogs,
  status: row.status,
  applications: row.applications,
  inFlight: row.in_flight,
});

export async function unplacedPage(
  db: Executor,
  cycleId: string,
  offset: number,
  limit: number,
): Promise<UnplacedPage> {
  const rows = await rowsOf<UnplacedRow>(db, unplacedPageSql(cycleId, offset, limit));
  // Past the last row the window has no row to count on: the total is read again (a rare request).
  const total =
    rows[0]?.total ??
    (offset > 0 ? ((await rowsOf<UnplacedRow>(db, unplacedPageSql(cycleId, 0, 1)))[0]?.total ?? 0) : 0);
  return {
    items: rows.map(presentUnplaced),
    total,
    nextOffset: offset + rows.length < total ? offset + rows.length : null,
  };
}

export interface NirfRow {
  degree: string | null;
  graduation_year: number | null;
  graduating: number;
  placed: number;
  median: number | null;
  higher_studies: number;
}

export const nirfRows = (db: Executor, cycleId: string) => rowsOf<NirfRow>(db, nirfSql(cycleId));

/** "2026-27" for students graduating in 2027: the academic year NIRF reports them under. */
export const academicYearOf = (graduationYear: number | null) =>
  graduationYear === null ? '' : `${graduationYear - 1}-${String(graduationYear % 100).padStart(2, '0')}`;

/** All unplaced students, for the export (in pages of the same statement, bounded memory). */
export async function* unplacedBatches(db: Executor, cycleId: string, batch = 1000): AsyncGenerator<UnplacedStudent[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await rowsOf<UnplacedRow>(db, unplacedPageSql(cycleId, offset, batch));
    if (rows.length > 0) yield rows.map(presentUnplaced);
    if (rows.length < batch) return;
  }
}
