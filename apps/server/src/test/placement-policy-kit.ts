import { randomUUID } from 'node:crypto';
import type { TypedPolicyRule } from '@placely/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../db/client';
import {
  seedInstitution,
  seedInstitutionRole,
  seedOpeningWithApplicants,
  seedOrganization,
  seedStudent,
} from '../seed/helpers';
import type { TestServer } from './harness';

/**
 * The placement policy's API tests' world (routes/placement-policy): a cell, a cycle with a policy, a company, and
 * helpers that add approved openings, enrolled students, applications, offers and answers through the API.
 */

export const rows = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export const DREAM_A_B: TypedPolicyRule = {
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
};

/** An institution with its cell's root, a cycle with `policy`, a company, and helpers to add openings and students. */
export async function policySetup(server: TestServer, policy: TypedPolicyRule[] = []) {
  const tag = Math.random().toString(36).slice(2, 8);
  const institution = await seedInstitution(server.db, { name: `College ${tag}` });
  const officer = await seedStudent(server.db, { name: 'Placement Officer' });
  await seedInstitutionRole(server.db, { institutionId: institution.id, userId: officer.id, role: 'root' });
  const company = await seedOrganization(server.db, { name: `Company ${tag}` });
  const outsider = await seedOrganization(server.db, { name: `Outsider ${tag}` });
  const [cycle] = await rows<{ id: string }>(
    server.db,
    sql`insert into placement_cycles (institution_id, name, kind, starts_on, ends_on, join_token, policy)
      values (${institution.id}, ${`Final placements ${tag}`}, 'jobs', '2026-07-01', '2027-06-30', ${`join-${tag}`},
        ${JSON.stringify(policy)}::jsonb) returning id`,
  );
  if (!cycle) throw new Error('no cycle');
  const tokens = {
    officer: await server.tokenFor(officer.id),
    company: await server.tokenFor(company.id),
    outsider: await server.tokenFor(outsider.id),
  };

  /** An opening of the cycle, approved by the cell (unless `status` says), at an annual CTC in INR. */
  async function opening(ctc: number, options: { status?: string; title?: string } = {}) {
    const { opening: row } = await seedOpeningWithApplicants(server.db, {
      organizationId: company.id,
      opening: { title: options.title ?? `Opening ${ctc} ${Math.random()}` },
    });
    await server.db.execute(sql`update openings set cycle_id = ${cycle?.id}::uuid where id = ${row.id}::uuid`);
    await server.db.execute(sql`insert into cycle_openings (opening_id, cycle_id, organization_id, status, ctc_amount,
        ctc_currency, ctc_period) values (${row.id}::uuid, ${cycle?.id}::uuid, ${company.id},
        ${options.status ?? 'approved'}, ${ctc}, 'INR', 'year')`);
    return row;
  }

  async function student(name = 'Student', enrolled = true) {
    const user = await seedStudent(server.db, { name });
    let enrolmentId: string | null = null;
    if (enrolled) {
      const [row] = await rows<{ id: string }>(
        server.db,
        sql`insert into cycle_enrolments (cycle_id, user_id, email, source) values (${cycle?.id}::uuid, ${user.id},
          ${user.email.toLowerCase()}, 'csv') returning id`,
      );
      enrolmentId = row?.id ?? null;
    }
    return { user, token: await server.tokenFor(user.id), enrolmentId };
  }

  const apply = (token: string, openingId: string) =>
    server.call('/api/placements/campus/apply', {
      method: 'POST',
      token,
      body: { openingId, idempotencyKey: `key-${randomUUID()}`, answers: { name: 'S', email: 's@example.com' } },
    });

  const respondBy = (hours = 48) => new Date(Date.now() + hours * 3_600_000).toISOString();
  /** The company offers on the student's application to `openingId` (or only checks the offer, with `path`). */
  async function offer(
    studentId: number,
    openingId: string,
    ctc: number,
    extra: Record<string, unknown> = {},
    path: '/api/organization/offers' | '/api/organization/offers/check' = '/api/organization/offers',
    token = tokens.company,
  ) {
    const [application] = await rows<{ id: string }>(
      server.db,
      sql`select id from applications where opening_id = ${openingId}::uuid and applicant_id = ${studentId}`,
    );
    return server.call(path, {
      method: 'POST',
      token,
      body: {
        applicationId: application?.id,
        role: 'Software Engineer',
        ctc: { amount: ctc, currency: 'INR', period: 'year' },
        location: 'Pune',
        joiningDate: '2027-07-01',
        respondBy: respondBy(),
        ...extra,
      },
    });
  }
  const respond = (token: string, offerId: string, decision: 'accept' | 'decline', reason?: string) =>
    server.call('/api/placement/my/offers/respond', { method: 'POST', token, body: { offerId, decision, reason } });

  /** Applies and has the company offer and the student accept: the student is placed at `ctc`. */
  async function placeAt(s: { user: { id: number }; token: string }, ctc: number, kind = 'full-time') {
    const o = await opening(ctc);
    expect((await apply(s.token, o.id)).status).toBe(200);
    const made = await offer(s.user.id, o.id, ctc, { kind });
    expect(made.status).toBe(200);
    const accepted = await respond(s.token, made.body.result.data.id, 'accept');
    expect(accepted.status).toBe(200);
    return { opening: o, offer: accepted.body.result.data };
  }

  const savePolicy = (rules: TypedPolicyRule[], token = tokens.officer) =>
    server.call('/api/placement/cycles/policy', { method: 'PUT', token, body: { cycleId: cycle.id, rules } });

  return { institution, cycle, company, tokens, opening, student, apply, offer, respond, placeAt, savePolicy };
}
