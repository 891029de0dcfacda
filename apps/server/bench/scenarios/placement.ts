import { randomUUID } from 'node:crypto';
import { Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { lockEnrolmentSql, policyFactsSql } from '../../src/services/placement/policy';
import type { BenchContext, Scenario } from '../scenario';
import { createOpening, prepareOpenings, state } from './applications';

/**
 * Placement season: students applying to an opening of a placement cycle, so every submit runs the policy check in
 * its transaction — the student's enrolment row locked, their facts in the cycle read (offers, exceptions, the
 * opening's approval and CTC) and the rules judged, then the usual writes. The cycle's policy has every rule that
 * judges at apply time, the absences rule included (one more read: rounds marked absent since enrolling).
 */
/** Students enrolled in the cycle, each applying once (BENCH_CYCLE_STUDENTS, default 10 000). */
const SUBMITTERS = Number(process.env.BENCH_CYCLE_STUDENTS ?? 10_000);

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
  { kind: 'maxOffers', params: { max: 2, counting: 'held' } },
  { kind: 'gapAfterAccepting', params: { days: 7 } },
  { kind: 'debarAfterAbsences', params: { maxAbsences: 3 } },
];

const cycle = { id: '', opening: '', baselineOpening: '' };
let submitters: number[] = [];
let submitterTokens: string[] = [];

async function attachToCycle(context: BenchContext, openingId: string) {
  await context.db.query('UPDATE openings SET cycle_id = $1 WHERE id = $2', [cycle.id, openingId]);
  await context.db.query(
    `INSERT INTO cycle_openings (opening_id, cycle_id, organization_id, status, ctc_amount, ctc_currency, ctc_period)
     VALUES ($1, $2, $3, 'approved', 1200000, 'INR', 'year')`,
    [openingId, cycle.id, state.organizationId],
  );
}

/** A statement of the handler's with pgbench's values written in (its placeholders by name). */
function inlined(query: SQL, values: Record<string, string>): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_match, n: string) => {
    const param = params[Number(n) - 1];
    const value = param instanceof Placeholder ? values[param.name] : undefined;
    if (value === undefined) throw new Error(`placement bench: parameter $${n} has no value`);
    return value;
  });
}

export const submitCycleApplications: Scenario = {
  name: 'POST /api/placements/campus/apply (an opening of a placement cycle: the policy check in the transaction)',
  async prepare(context) {
    await prepareOpenings(context.db);
    const { rows: institution } = await context.db.query<{ id: string }>(
      `INSERT INTO institutions (name) VALUES ('Bench College') RETURNING id`,
    );
    const { rows: created } = await context.db.query<{ id: string }>(
      `INSERT INTO placement_cycles (institution_id, name, kind, starts_on, ends_on, join_token, policy)
       VALUES ($1, 'Bench placements', 'jobs', '2026-07-01', '2027-06-30', $2, $3) RETURNING id`,
      [institution[0]?.id, `bench-${randomUUID()}`, JSON.stringify(POLICY)],
    );
    cycle.id = created[0]?.id ?? '';
    cycle.opening = await createOpening(context.db, 'Cycle submit bench');
    await attachToCycle(context, cycle.opening);
    // The highest ids are the plain submit scenario's; these come below them, each enrolled in the cycle.
    const { rows } = await context.db.query<{ id: string }>(
      `SELECT id FROM users WHERE account_type = 'Individual' ORDER BY id DESC OFFSET 30000 LIMIT $1`,
      [SUBMITTERS],
    );
    submitters = rows.map((row) => Number(row.id));
    await context.db.query(
      `INSERT INTO cycle_enrolments (cycle_id, user_id, email, source)
       SELECT $1, u.id, lower(u.email), 'csv' FROM users u WHERE u.id = ANY($2::bigint[])`,
      [cycle.id, submitters],
    );
    // Every tenth student holds an offer still waiting for an answer (maxOffers counts it), in another opening.
    const other = await createOpening(context.db, 'Cycle offers bench');
    await attachToCycle(context, other);
    await context.db.query(
      `WITH apps AS (
         INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key)
         SELECT $1, u, 1, '{}'::jsonb, 'bench-cycle-offer-' || u FROM unnest($2::bigint[]) AS u WHERE u % 10 = 0
         RETURNING id, applicant_id)
       INSERT INTO offers (application_id, opening_id, organization_id, individual_id, cycle_id, role, ctc_amount,
         ctc_currency, ctc_period, respond_by)
       SELECT id, $1, $3, applicant_id, $4, 'Engineer', 1200000, 'INR', 'year', now() + interval '30 days' FROM apps`,
      [other, submitters, state.organizationId, cycle.id],
    );
    await context.db.query('CREATE SEQUENCE IF NOT EXISTS bench_cycle_applicant_seq');
    // The baseline draws its students in turn from this list (one index probe), as the server's load does.
    await context.db.query(
      'CREATE TABLE IF NOT EXISTS bench_cycle_students (n int PRIMARY KEY, user_id bigint NOT NULL)',
    );
    await context.db.query(
      `INSERT INTO bench_cycle_students (n, user_id)
       SELECT (row_number() OVER (ORDER BY u) - 1)::int, u FROM unnest($1::bigint[]) AS u`,
      [submitters],
    );
    await context.db.query('ANALYZE');
    submitterTokens = await context.mintTokens(submitters);
  },
  load: () => {
    let next = 0;
    return {
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const index = next++ % submitterTokens.length;
            const userId = submitters[index] as number;
            return {
              ...request,
              path: '/api/placements/campus/apply',
              headers: {
                ...request.headers,
                authorization: submitterTokens[index] as string,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                openingId: cycle.opening,
                idempotencyKey: `bench-cycle-${randomUUID()}`,
                answers: {
                  name: `Bench User ${userId}`,
                  email: `user${userId}@bench.placely.test`,
                  cgpa: 8.1,
                  track: { optionId: 'be' },
                  why: 'I enjoy building reliable systems.',
                  jobs: [{ company: 'Initech', months: 6 }],
                },
              }),
            };
          },
        },
      ],
    };
  },
  async beforeBaseline(context) {
    cycle.baselineOpening = await createOpening(context.db, 'Cycle submit baseline');
    await attachToCycle(context, cycle.baselineOpening);
    await context.db.query('ALTER SEQUENCE bench_cycle_applicant_seq RESTART');
  },
  baselineName:
    'caller, opening and form in one read; BEGIN; enrolment locked; policy facts; absences; the three writes; COMMIT',
  // The handler's statements for a cycle opening: the facts read, then in one transaction the enrolment lock, the
  // policy's facts (the handler's own statement), the absences count (the debarment rule) and the writes.
  baselineSql: () => {
    const values = {
      cycleId: `'${cycle.id}'`,
      userId: ':aid',
      openingId: `'${cycle.baselineOpening}'`,
      excludeOfferId: 'NULL',
    };
    return `\\set k random(1, 1000000000)
SELECT user_id AS aid FROM bench_cycle_students WHERE n = (SELECT nextval('bench_cycle_applicant_seq') % ${submitters.length}) \\gset
SELECT u.*, EXISTS (SELECT 1 FROM refresh_token_families f WHERE f.user_id = u.id AND f.revoked_at IS NULL), o.*,
  (SELECT v.definition FROM opening_form_versions v WHERE v.opening_id = o.id AND v.version = o.current_form_version)
FROM users u LEFT JOIN openings o ON o.id = '${cycle.baselineOpening}' WHERE u.id = :aid;
BEGIN;
${inlined(lockEnrolmentSql, values)};
${inlined(policyFactsSql, values)};
SELECT count(*) FROM round_bookings WHERE candidate_id = :aid AND attendance = 'absent' AND attendance_marked_at >= now() - interval '30 days';
WITH app AS (
  INSERT INTO applications (opening_id, applicant_id, form_version, answers, idempotency_key)
  VALUES ('${cycle.baselineOpening}', :aid, 1, '{"name":"Bench"}'::jsonb, 'pgbench-cycle-' || :aid || '-' || :k)
  ON CONFLICT DO NOTHING RETURNING id, answers
), rev AS (
  INSERT INTO application_revisions (application_id, revision, form_version, answers) SELECT id, 1, 1, answers FROM app RETURNING application_id
)
INSERT INTO application_events (application_id, to_status) SELECT application_id, 'submitted' FROM rev;
COMMIT;
`;
  },
  afterBaseline: async (context, kind) => {
    if (kind !== 'pgbench') return;
    const { rows } = await context.db.query<{ last_value: string; is_called: boolean }>(
      'SELECT last_value, is_called FROM bench_cycle_applicant_seq',
    );
    const drawn = rows[0]?.is_called ? Number(rows[0].last_value) : 0;
    if (drawn > submitters.length) {
      throw new Error(`the cycle apply baseline drew ${drawn} students, more than the ${submitters.length} enrolled`);
    }
  },
};
