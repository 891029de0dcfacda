import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Executor } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { seedBranch, seedCycle, seedInstitutionRole } from '../../src/seed/helpers';
import {
  companyFiguresSql,
  ctcFiguresSql,
  studentFiguresSql,
  tierFiguresSql,
  tierPlanOf,
} from '../../src/services/placement/statistics';
import type { BenchContext, Scenario } from '../scenario';
import { inline } from '../sql';
import { createOpening, state } from './applications';

/**
 * The placement cell's cycle dashboard (docs/ARCHITECTURE.md "Statistics and notices"): a cycle of 5 000 students in
 * five branches of two programmes, 200 companies (each with one approved opening of the cycle) and 50 000
 * applications (ten per student), a fifth of the students holding offers in the policy's tiers. The cycle, its
 * branches and the cell's root come from the shared seed helpers; the rows in bulk come from SQL. The baseline is
 * pgbench running the dashboard's four aggregate statements — the very SQL the handler sends — per transaction.
 */
const STUDENTS = 5_000;
const COMPANIES = 200;
const APPLICATIONS_PER_STUDENT = 10;
const DASHBOARD_CONNECTIONS = Number(process.env.BENCH_DASHBOARD_CONNECTIONS ?? 10);

const POLICY = [
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

const placement = { cycleId: '', rootId: 0, token: '' };

let prepared: Promise<void> | null = null;
function prepareCycle(context: BenchContext): Promise<void> {
  prepared ??= (async () => {
    const db = context.db;
    const orm = drizzle(db as unknown as pg.Client, { schema }) as unknown as Executor;
    // Institution 1 of the foundation's 500; its root is an individual (user 1).
    placement.rootId = 1;
    await seedInstitutionRole(orm, { institutionId: 1, userId: placement.rootId, role: 'root' });
    const cycle = await seedCycle(orm, { institutionId: 1, name: 'Bench final placements', policy: POLICY });
    placement.cycleId = cycle.id;
    const branches: string[] = [];
    for (const [degree, name] of [
      ['B.Tech', 'Computer Science and Engineering'],
      ['B.Tech', 'Electronics and Communication'],
      ['B.Tech', 'Mechanical Engineering'],
      ['MBA', 'Finance'],
      ['MBA', 'Marketing'],
    ] as const) {
      branches.push((await seedBranch(orm, { institutionId: 1, degree, name })).id);
    }
    // 5 000 individuals (user ids not divisible by 10), from id 11 on.
    await db.query(
      `INSERT INTO cycle_enrolments (cycle_id, user_id, email, status, debarred_reason, degree, branch_id, cgpa, backlogs,
         graduation_year, source, opt_out_reason)
       SELECT $1, u.id, u.email,
         CASE WHEN n % 50 = 0 THEN 'opted_out' WHEN n % 97 = 0 THEN 'debarred' ELSE 'available' END,
         CASE WHEN n % 97 = 0 AND n % 50 <> 0 THEN 'Bench' END,
         CASE WHEN n % 5 < 3 THEN 'B.Tech' ELSE 'MBA' END, ($2::uuid[])[1 + n % 5], 6 + (n % 40) / 10.0, n % 3,
         2027, 'import', CASE WHEN n % 100 = 0 THEN 'higher_studies' WHEN n % 50 = 0 THEN 'other' END
       FROM (SELECT u.id, u.email, row_number() OVER (ORDER BY u.id) AS n FROM users u
             WHERE u.account_type = 'Individual' AND u.id > 10 ORDER BY u.id LIMIT $3) u`,
      [placement.cycleId, `{${branches.join(',')}}`, STUDENTS],
    );
    // 200 companies (organization accounts), each registered and approved with one approved opening of the cycle.
    const { rows: companies } = await db.query<{ id: string }>(
      `SELECT id FROM users WHERE account_type = 'Organization' AND id > 10 ORDER BY id LIMIT $1`,
      [COMPANIES],
    );
    const saved = state.organizationId;
    const openingIds: string[] = [];
    for (const [index, company] of companies.entries()) {
      state.organizationId = Number(company.id);
      const openingId = await createOpening(db, `Cycle opening ${index}`);
      openingIds.push(openingId);
    }
    state.organizationId = saved;
    await db.query(
      `INSERT INTO cycle_companies (cycle_id, organization_id, status, decided_at)
       SELECT $1, c.id, 'approved', now() FROM unnest($2::bigint[]) c(id)`,
      [placement.cycleId, companies.map((c) => c.id)],
    );
    await db.query(`UPDATE openings SET cycle_id = $1 WHERE id = ANY($2::uuid[])`, [placement.cycleId, openingIds]);
    await db.query(
      `INSERT INTO cycle_openings (opening_id, cycle_id, organization_id, status, ctc_amount, ctc_currency, ctc_period)
       SELECT o.id, $1, o.organization_id, 'approved', 400000 + (row_number() OVER (ORDER BY o.id)) * 12000, 'INR', 'year'
       FROM openings o WHERE o.id = ANY($2::uuid[])`,
      [placement.cycleId, openingIds],
    );
    // Ten applications per student, to ten openings spread by the student's number.
    await db.query(
      `INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key, submitted_at, updated_at)
       SELECT ($2::uuid[])[1 + ((e.n * 7 + k * 19) % $3)], e.user_id, 1, '{}'::jsonb,
         'cycle-' || e.user_id || '-' || k, now() - (k || ' hours')::interval, now()
       FROM (SELECT user_id, row_number() OVER (ORDER BY user_id) AS n FROM cycle_enrolments WHERE cycle_id = $1) e
       CROSS JOIN generate_series(1, $4::int) k
       ON CONFLICT DO NOTHING`,
      [placement.cycleId, openingIds, openingIds.length, APPLICATIONS_PER_STUDENT],
    );
    // Stages: a tenth shortlisted, a twentieth rejected; an offer on the first application of every fifth student
    // (accepted for most, some pending or declined), at the opening's CTC.
    await db.query(
      `UPDATE applications a SET stage_id = st.id
       FROM opening_stages st
       WHERE a.opening_id = ANY($1::uuid[]) AND st.opening_id = a.opening_id
         AND st.kind = CASE WHEN a.applicant_id % 20 = 1 THEN 'rejected' ELSE 'shortlisted' END
         AND (a.applicant_id % 10 = 3 OR a.applicant_id % 20 = 1)`,
      [openingIds],
    );
    await db.query(
      `INSERT INTO offers (application_id, opening_id, organization_id, individual_id, cycle_id, role, ctc_amount,
         ctc_currency, ctc_period, respond_by, status, decided_at)
       SELECT DISTINCT ON (a.applicant_id) a.id, a.opening_id, o.organization_id, a.applicant_id, $1, 'Engineer',
         co.ctc_amount, 'INR', 'year', now() + interval '7 days',
         CASE WHEN a.applicant_id % 3 = 0 THEN 'pending' WHEN a.applicant_id % 7 = 0 THEN 'declined' ELSE 'accepted' END,
         now()
       FROM applications a JOIN openings o ON o.id = a.opening_id JOIN cycle_openings co ON co.opening_id = a.opening_id
       WHERE a.opening_id = ANY($2::uuid[]) AND a.applicant_id % 5 = 2
       ORDER BY a.applicant_id, a.submitted_at`,
      [placement.cycleId, openingIds],
    );
    await db.query(
      `UPDATE cycle_enrolments e SET status = 'placed' FROM offers f
       WHERE f.cycle_id = $1 AND f.status = 'accepted' AND e.cycle_id = $1 AND e.user_id = f.individual_id
         AND e.status = 'available'`,
      [placement.cycleId],
    );
    await db.query('ANALYZE');
    const counts = await db.query<{ enrolments: number; applications: number; offers: number; companies: number }>(
      `SELECT (SELECT count(*) FROM cycle_enrolments WHERE cycle_id = $1)::int AS enrolments,
         (SELECT count(*) FROM applications a JOIN openings o ON o.id = a.opening_id WHERE o.cycle_id = $1)::int AS applications,
         (SELECT count(*) FROM offers WHERE cycle_id = $1)::int AS offers,
         (SELECT count(*) FROM cycle_companies WHERE cycle_id = $1)::int AS companies`,
      [placement.cycleId],
    );
    console.log(`placement dashboard cycle: ${JSON.stringify(counts.rows[0])}`);
  })();
  return prepared;
}

/** The dashboard's four aggregate statements, as the handler sends them, with their values written in. */
export function dashboardStatements(cycleId: string): string[] {
  const plan = tierPlanOf(POLICY);
  return [
    studentFiguresSql(cycleId),
    tierFiguresSql(cycleId, plan),
    ctcFiguresSql(cycleId),
    companyFiguresSql(cycleId),
  ].map((statement) => inline(statement).replace(/\s+/g, ' '));
}

export const cycleDashboard: Scenario = {
  name: 'GET /api/placement/cycles/statistics (5 000 students, 200 companies, 50 000 applications)',
  async prepare(context) {
    await prepareCycle(context);
    placement.token = (await context.mintTokens([placement.rootId]))[0] ?? '';
  },
  // A dashboard is a page a few people of a cell open, not a feed: 10 at once (pgbench runs at the same concurrency).
  load: () => ({
    connections: DASHBOARD_CONNECTIONS,
    requests: [
      {
        method: 'GET',
        path: `/api/placement/cycles/statistics?cycleId=${placement.cycleId}`,
        headers: { authorization: placement.token },
      },
    ],
  }),
  baselineName: "the dashboard's four aggregate statements",
  baselineSql: () => `${dashboardStatements(placement.cycleId).join(';\n')};\n`,
  explainSql: () => dashboardStatements(placement.cycleId),
};
