import { POLICY_REFUSAL_MESSAGES, type TypedPolicyRule } from '@placely/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedCellLink,
  seedOpeningWithApplicants,
  seedOrganization,
  seedOrganizationMember,
  seedStudent,
} from '../../seed/helpers';
import { lapseOverdueOffers } from '../../services/placement/offers';
import { startTestServer, type TestServer } from '../../test/harness';
import { DREAM_A_B, policySetup, rows } from '../../test/placement-policy-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const setup = (policy: TypedPolicyRule[] = []) => policySetup(server, policy);

describe('placement policy: the cell writes it', () => {
  it('saves validated rules with their descriptions, refuses bad params by name, and audits the change', async () => {
    const s = await setup();
    const saved = await s.savePolicy([DREAM_A_B, { kind: 'maxOffers', params: { max: 2, counting: 'accepted' } }]);
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.rules[0].description).toContain(
      'Dream from ₹20 LPA, A from ₹10 LPA, B below ₹10 LPA',
    );
    const read = await server.call(`/api/placement/cycles/policy?cycleId=${s.cycle.id}`, { token: s.tokens.officer });
    expect(read.body.result.data.rules.map((rule: { kind: string }) => rule.kind)).toEqual(['ctcTiers', 'maxOffers']);

    const bad = await s.savePolicy([{ kind: 'maxOffers', params: { max: 0, counting: 'accepted' } }]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('rules.0.params.max');
    const twice = await s.savePolicy([
      { kind: 'gapAfterAccepting', params: { days: 3 } },
      { kind: 'gapAfterAccepting', params: { days: 4 } },
    ]);
    expect(twice.status).toBe(400);
    const unordered = await s.savePolicy([
      {
        ...DREAM_A_B,
        params: {
          ...DREAM_A_B.params,
          tiers: [
            { name: 'B', minAnnualCtc: 0 },
            { name: 'A', minAnnualCtc: 5 },
          ],
        },
      } as TypedPolicyRule,
    ]);
    expect(unordered.status).toBe(400);

    // A company is no part of the cell.
    expect((await s.savePolicy([], s.tokens.company)).status).toBe(403);
    expect(
      (await server.call(`/api/placement/cycles/policy?cycleId=${s.cycle.id}`, { token: s.tokens.company })).status,
    ).toBe(403);
  });

  it('tells each of the cell what they may do with it: owners edit, coordinators grant exceptions, reviewers read', async () => {
    const s = await setup([DREAM_A_B]);
    const office = await seedOrganization(server.db, { name: 'Placement Office' });
    await seedCellLink(server.db, { organizationId: office.id, institutionId: s.institution.id });
    const member = async (role: 'coordinator' | 'reviewer') => {
      const person = await seedStudent(server.db, { name: `Cell ${role}` });
      await seedOrganizationMember(server.db, { organizationId: office.id, userId: person.id, role });
      return { token: await server.tokenFor(person.id), headers: { 'x-organization-id': String(office.id) } };
    };
    const abilitiesOf = async (who: { token: string; headers?: Record<string, string> }) => {
      const read = await server.call(`/api/placement/cycles/policy?cycleId=${s.cycle.id}`, who);
      expect(read.status).toBe(200);
      return read.body.result.data.abilities;
    };
    expect(await abilitiesOf({ token: s.tokens.officer })).toEqual({ edit: true, grantExceptions: true });
    expect(await abilitiesOf(await member('coordinator'))).toEqual({ edit: false, grantExceptions: true });
    expect(await abilitiesOf(await member('reviewer'))).toEqual({ edit: false, grantExceptions: false });
    // The saved policy comes back with the same abilities, so the editor stays as it was.
    expect((await s.savePolicy([DREAM_A_B])).body.result.data.abilities).toEqual({ edit: true, grantExceptions: true });
  });
});

describe('placement policy at apply time', () => {
  it('tiers: placed in tier A, refused on a tier-B opening with the rule in words, allowed on a Dream one', async () => {
    const s = await setup([DREAM_A_B]);
    const asha = await s.student('Asha');
    await s.placeAt(asha, 1_200_000);
    const tierB = await s.opening(600_000);
    const dream = await s.opening(2_500_000);

    const check = await server.call(`/api/placement/my/policy-check?openingId=${tierB.id}`, { token: asha.token });
    expect(check.status).toBe(200);
    expect(check.body.result.data.allowed).toBe(false);
    expect(check.body.result.data.refusals[0].message).toBe(POLICY_REFUSAL_MESSAGES.tierNotHigher('A', 'B'));
    // The form page says the same before anything is filled in.
    const form = await server.call(`/api/placements/campus/apply?openingId=${tierB.id}`, { token: asha.token });
    expect(form.body.result.data.viewer.placementPolicy.allowed).toBe(false);

    const refused = await s.apply(asha.token, tierB.id);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toContain('Tiers by CTC');
    expect(refused.body.exception.error.message).toContain('tier B');
    expect((await s.apply(asha.token, dream.id)).status).toBe(200);
  });

  it('maxOffers, acceptedOfferEndsSeason, gapAfterAccepting, ppoHolders, debarAfterAbsences each refuse with words', async () => {
    const cases: Array<{ rule: TypedPolicyRule; kind?: string; expectText: string }> = [
      { rule: { kind: 'maxOffers', params: { max: 1, counting: 'accepted' } }, expectText: 'allows at most 1' },
      { rule: { kind: 'acceptedOfferEndsSeason', params: {} }, expectText: 'ends your season' },
      { rule: { kind: 'gapAfterAccepting', params: { days: 7 } }, expectText: 'wait 7 days' },
      {
        rule: { kind: 'ppoHolders', params: { mode: 'minimumCtc', minAnnualCtc: 3_000_000, currency: 'INR' } },
        kind: 'ppo',
        expectText: 'at least ₹30 LPA',
      },
    ];
    for (const { rule, kind, expectText } of cases) {
      const s = await setup([rule]);
      const student = await s.student();
      await s.placeAt(student, 1_000_000, kind);
      const next = await s.opening(1_500_000);
      const refused = await s.apply(student.token, next.id);
      expect(refused.status, rule.kind).toBe(403);
      expect(refused.body.exception.error.message, rule.kind).toContain(expectText);
    }

    // Absences: the cell's recorded ones plus rounds marked absent since enrolling.
    const s = await setup([{ kind: 'debarAfterAbsences', params: { maxAbsences: 2 } }]);
    const student = await s.student();
    const o = await s.opening(500_000);
    await server.db.execute(sql`update cycle_enrolments set absences = 1 where id = ${student.enrolmentId}::uuid`);
    expect((await s.apply(student.token, o.id)).status).toBe(200);
    await server.db.execute(sql`update cycle_enrolments set absences = 2 where id = ${student.enrolmentId}::uuid`);
    const other = await s.opening(500_000);
    const refused = await s.apply(student.token, other.id);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toContain(POLICY_REFUSAL_MESSAGES.absences(2, 2));
  });

  it('gates: not enrolled, debarred (the reason in the policy check), an opening the cell has not approved', async () => {
    const s = await setup();
    const o = await s.opening(500_000);
    const stranger = await s.student('Stranger', false);
    expect((await s.apply(stranger.token, o.id)).status).toBe(403);
    const strangerCheck = await server.call(`/api/placement/my/policy-check?openingId=${o.id}`, {
      token: stranger.token,
    });
    expect(strangerCheck.body.result.data.refusals[0].message).toContain('not enrolled');

    const debarred = await s.student('Debarred');
    await server.db.execute(sql`update cycle_enrolments set status = 'debarred', debarred_reason = 'Misconduct in a test'
      where id = ${debarred.enrolmentId}::uuid`);
    expect((await s.apply(debarred.token, o.id)).status).toBe(403);
    const check = await server.call(`/api/placement/my/policy-check?openingId=${o.id}`, { token: debarred.token });
    expect(check.body.result.data.allowed).toBe(false);
    expect(check.body.result.data.refusals[0].message).toContain('Misconduct in a test');

    // An opening the cell has not approved does not reach students at all.
    const pending = await s.opening(500_000, { status: 'pending' });
    const student = await s.student();
    expect((await s.apply(student.token, pending.id)).status).toBe(404);
  });

  it('an exception set aside one rule for one student, is listed for the cell and is in the audit trail', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    // The institution's placement office is an organization linked to it: its trail records the cell's acts.
    const office = await seedOrganization(server.db, { name: 'Placement Office' });
    await seedCellLink(server.db, { organizationId: office.id, institutionId: s.institution.id });
    const student = await s.student('Ravi');
    await s.placeAt(student, 1_000_000);
    const next = await s.opening(3_000_000);
    expect((await s.apply(student.token, next.id)).status).toBe(403);

    const granted = await server.call('/api/placement/cycles/exceptions', {
      method: 'POST',
      token: s.tokens.officer,
      body: {
        cycleId: s.cycle.id,
        enrolmentId: student.enrolmentId,
        ruleKind: 'acceptedOfferEndsSeason',
        openingId: next.id,
        reason: 'Research role the department asked for',
      },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.result.data.openingTitle).toBe(next.title);
    const check = await server.call(`/api/placement/my/policy-check?openingId=${next.id}`, {
      token: student.token,
    });
    expect(check.body.result.data.allowed).toBe(true);
    expect(check.body.result.data.waived[0].exceptionReason).toBe('Research role the department asked for');
    expect((await s.apply(student.token, next.id)).status).toBe(200);

    const listed = await server.call(`/api/placement/cycles/exceptions?cycleId=${s.cycle.id}`, {
      token: s.tokens.officer,
    });
    expect(listed.body.result.data.items).toHaveLength(1);
    // Companies never see the policy's exceptions.
    expect(
      (await server.call(`/api/placement/cycles/exceptions?cycleId=${s.cycle.id}`, { token: s.tokens.company })).status,
    ).toBe(403);
    // The exception row is the record of who granted it and why.
    const [row] = await rows<{ granted_by: string; reason: string }>(
      server.db,
      sql`select granted_by, reason from cycle_policy_exceptions where enrolment_id = ${student.enrolmentId}::uuid`,
    );
    expect(row?.reason).toBe('Research role the department asked for');
    const trail = await rows<{ kind: string; subject_email: string; details: Record<string, unknown> }>(
      server.db,
      sql`select kind, subject_email, details from organization_audit_events where organization_id = ${office.id}`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]?.kind).toBe('policy.exceptionGranted');
    expect(trail[0]?.subject_email).toBe(student.user.email.toLowerCase());
    expect(trail[0]?.details.reason).toBe('Research role the department asked for');
  });

  it('openings outside a cycle are untouched by any policy', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const student = await s.student();
    await s.placeAt(student, 1_000_000);
    const { opening } = await seedOpeningWithApplicants(server.db, {
      organizationId: s.company.id,
      opening: { title: `Off-campus ${Math.random()}` },
    });
    expect((await s.apply(student.token, opening.id)).status).toBe(200);
    const form = await server.call(`/api/placements/campus/apply?openingId=${opening.id}`, { token: student.token });
    expect(form.body.result.data.viewer.placementPolicy).toBeUndefined();
  });
});

describe('the race: applies against an accepted offer', () => {
  it('an acceptance racing two applies: each answered (no deadlock, no error), and every apply after it refused', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const student = await s.student();
    const first = await s.opening(1_000_000);
    expect((await s.apply(student.token, first.id)).status).toBe(200);
    const made = await s.offer(student.user.id, first.id, 1_000_000);
    const offerId = made.body.result.data.id;
    const others = [await s.opening(1_500_000), await s.opening(1_600_000)];

    // The acceptance and the applies queue on the enrolment row: an apply judged before the acceptance passes (the
    // student was not placed yet), one judged after is refused; which comes first is the race's to decide. The
    // ordering itself is held by the next test, which keeps an acceptance's lock open while an apply waits.
    const [accepted, ...applies] = await Promise.all([
      s.respond(student.token, offerId, 'accept'),
      ...others.map((o) => s.apply(student.token, o.id)),
    ]);
    expect(accepted.status).toBe(200);
    for (const result of applies) expect([200, 403]).toContain(result.status);
    const later = await s.opening(1_700_000);
    const refused = await s.apply(student.token, later.id);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toContain('ends your season');
  });

  it('an apply blocked behind a transaction holding the enrolment lock is refused once that acceptance commits', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const student = await s.student();
    const first = await s.opening(1_000_000);
    expect((await s.apply(student.token, first.id)).status).toBe(200);
    const made = await s.offer(student.user.id, first.id, 1_000_000);
    const offerId = made.body.result.data.id;
    const target = await s.opening(1_500_000);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // An acceptance in flight: it holds the enrolment row while it writes.
    const acceptance = server.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from cycle_enrolments where id = ${student.enrolmentId}::uuid for update`);
      await tx.execute(sql`update offers set status = 'accepted', decided_at = now() where id = ${offerId}::uuid`);
      locked();
      await held;
    });
    await lockTaken;
    const applying = s.apply(student.token, target.id);
    // Give the apply time to reach the lock (on PGlite it waits for the whole transaction anyway).
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await acceptance;
    const result = await applying;
    expect(result.status).toBe(403);
    expect(result.body.exception.error.message).toContain('ends your season');
  });
});

describe('offers', () => {
  it('offer → accept writes a verified placement entry the student cannot edit; company and cell are told', async () => {
    const s = await setup([DREAM_A_B]);
    const student = await s.student('Meera');
    const o = await s.opening(1_200_000);
    expect((await s.apply(student.token, o.id)).status).toBe(200);
    const made = await s.offer(student.user.id, o.id, 1_200_000);
    expect(made.status).toBe(200);
    expect(made.body.result.data.status).toBe('pending');
    expect(made.body.result.data.policyWarnings).toEqual([]);
    // The candidate is in the Offered stage.
    const [stage] = await rows<{ kind: string }>(
      server.db,
      sql`select st.kind from applications a join opening_stages st on st.id = a.stage_id
        where a.id = ${made.body.result.data.applicationId}::uuid`,
    );
    expect(stage?.kind).toBe('offered');

    const mine = await server.call('/api/placement/my/offers', { token: student.token });
    expect(mine.body.result.data.items[0].abilities.accept).toBe(true);
    const accepted = await s.respond(student.token, made.body.result.data.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.data.status).toBe('accepted');

    const placements = await server.call('/api/individual/placements', { token: student.token });
    const [entry] = placements.body.result.data.entries;
    expect(entry.verified).toBe(true);
    expect(entry.verifiedByOrganization).toEqual({ id: String(s.company.id), name: s.company.name });
    expect(entry.status).toBe('accepted');
    const edit = await server.call('/api/individual/placements', {
      method: 'PUT',
      token: student.token,
      body: {
        id: entry.id,
        entry: {
          organization: 'Google',
          role: 'CEO',
          offerKind: 'full-time',
          status: 'accepted',
          compensation: 1e9,
          currency: 'INR',
        },
      },
    });
    expect(edit.status).toBe(409);

    const [enrolment] = await rows<{ status: string }>(
      server.db,
      sql`select status from cycle_enrolments where id = ${student.enrolmentId}::uuid`,
    );
    expect(enrolment?.status).toBe('placed');
    const told = await rows<{ recipient_id: string; kind: string }>(
      server.db,
      sql`select recipient_id, kind from notifications where kind = 'offer.answered'
        and payload->>'candidateName' = 'Meera'`,
    );
    expect(told.length).toBeGreaterThanOrEqual(2); // the company and the cell's root
    // A later application carries the verified placement for the next organization.
    const other = await seedOrganization(server.db, { name: 'Next Co' });
    const { opening: offCampus } = await seedOpeningWithApplicants(server.db, {
      organizationId: other.id,
      opening: { title: `Next ${Math.random()}` },
    });
    const applied = await s.apply(student.token, offCampus.id);
    expect(applied.status).toBe(200);
    const one = await server.call(
      `/api/organization/openings/id/applications/one?id=${offCampus.id}&applicationId=${applied.body.result.data.id}`,
      { token: await server.tokenFor(other.id) },
    );
    expect(JSON.stringify(one.body.result.data)).toContain('Verified placement: Software Engineer');
  });

  it('an offer that breaks the policy warns the company and the cell, and is made all the same', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const student = await s.student('Kiran');
    const { opening: first } = await s.placeAt(student, 1_000_000);
    const second = await s.opening(900_000);
    // The student applied before being placed (the cell lets the application stand).
    await server.db.execute(sql`insert into applications (opening_id, applicant_id, form_version, answers, idempotency_key)
      values (${second.id}::uuid, ${student.user.id}, 1, '{}'::jsonb, ${`race-${Math.random()}`})`);
    const made = await s.offer(student.user.id, second.id, 900_000);
    expect(made.status).toBe(200);
    expect(made.body.result.data.policyWarnings[0].rule).toBe('acceptedOfferEndsSeason');
    const warned = await rows<{ kind: string }>(
      server.db,
      sql`select kind from notifications where kind = 'offer.policyWarning' and payload->>'candidateName' = 'Kiran'`,
    );
    expect(warned).toHaveLength(1);
    // Accepting it is refused by the same rule, in words.
    const accept = await s.respond(student.token, made.body.result.data.id, 'accept');
    expect(accept.status).toBe(403);
    expect(accept.body.exception.error.message).toContain('ends your season');
    expect(first.id).toBeTruthy();
  });

  it('decline; lapse after the deadline (read, then the sweep); withdraw; renege; rescind — each with its reason', async () => {
    const s = await setup([{ kind: 'offerOutcomes', params: { onRenege: 'debar', onRescind: 'release' } }]);
    const a = await s.student('A');
    const o1 = await s.opening(1_000_000);
    await s.apply(a.token, o1.id);
    const declined = await s.respond(
      a.token,
      (await s.offer(a.user.id, o1.id, 1_000_000)).body.result.data.id,
      'decline',
      'Higher studies',
    );
    expect(declined.body.result.data.status).toBe('declined');
    expect(declined.body.result.data.statusReason).toBe('Higher studies');

    // Lapse: an offer past its deadline reads as lapsed and cannot be accepted; the sweep marks it and tells people.
    const o2 = await s.opening(1_000_000);
    await s.apply(a.token, o2.id);
    const lapsing = (await s.offer(a.user.id, o2.id, 1_000_000)).body.result.data.id;
    await server.db.execute(
      sql`update offers set respond_by = now() - interval '1 minute' where id = ${lapsing}::uuid`,
    );
    const late = await s.respond(a.token, lapsing, 'accept');
    expect(late.status).toBe(409);
    const listed = await server.call('/api/placement/my/offers', { token: a.token });
    expect(listed.body.result.data.items.find((x: { id: string }) => x.id === lapsing).status).toBe('lapsed');
    expect(await lapseOverdueOffers(server.db)).toBeGreaterThanOrEqual(1);
    const [stored] = await rows<{ status: string }>(
      server.db,
      sql`select status from offers where id = ${lapsing}::uuid`,
    );
    expect(stored?.status).toBe('lapsed');

    // Withdraw (pending, company) with a reason the student hears.
    const o3 = await s.opening(1_000_000);
    await s.apply(a.token, o3.id);
    const pending = (await s.offer(a.user.id, o3.id, 1_000_000)).body.result.data.id;
    const withdrawn = await server.call('/api/organization/offers/withdraw', {
      method: 'POST',
      token: s.tokens.company,
      body: { offerId: pending, reason: 'Position frozen' },
    });
    expect(withdrawn.body.result.data.status).toBe('withdrawn');
    expect(
      (
        await server.call('/api/organization/offers/withdraw', {
          method: 'POST',
          token: s.tokens.outsider,
          body: { offerId: pending, reason: 'x' },
        })
      ).status,
    ).toBe(404);

    // Rescind (accepted, company): the entry goes, the student is available again (onRescind: release).
    const { offer: placed } = await s.placeAt(a, 1_200_000);
    const rescinded = await server.call('/api/organization/offers/rescind', {
      method: 'POST',
      token: s.tokens.company,
      body: { offerId: placed.id, reason: 'Background check' },
    });
    expect(rescinded.body.result.data.status).toBe('rescinded');
    expect((await server.call('/api/individual/placements', { token: a.token })).body.result.data.entries).toHaveLength(
      0,
    );
    const status = async () =>
      (
        await rows<{ status: string; debarred_reason: string | null }>(
          server.db,
          sql`select status, debarred_reason from cycle_enrolments where id = ${a.enrolmentId}::uuid`,
        )
      )[0];
    expect((await status())?.status).toBe('available');

    // Renege (student, accepted): onRenege debar.
    const { offer: again } = await s.placeAt(a, 1_300_000);
    const reneged = await server.call('/api/placement/my/offers/renege', {
      method: 'POST',
      token: a.token,
      body: { offerId: again.id, reason: 'Joining a startup' },
    });
    expect(reneged.body.result.data.status).toBe('reneged');
    expect((await status())?.status).toBe('debarred');
    expect((await status())?.debarred_reason).toContain('Reneged');
    const audit = await rows<{ kind: string }>(
      server.db,
      sql`select kind from organization_audit_events where organization_id = ${s.company.id} and kind like 'offer.%'`,
    );
    expect(audit.map((row) => row.kind).sort()).toEqual(
      expect.arrayContaining(['offer.made', 'offer.rescinded', 'offer.withdrawn']),
    );
  });

  it('the cell lists the cycle offers; another student cannot answer an offer that is not theirs', async () => {
    const s = await setup();
    const a = await s.student('A');
    const b = await s.student('B');
    const o = await s.opening(1_000_000);
    await s.apply(a.token, o.id);
    const made = (await s.offer(a.user.id, o.id, 1_000_000)).body.result.data.id;
    expect((await s.respond(b.token, made, 'accept')).status).toBe(404);
    const cell = await server.call(`/api/placement/cycles/offers?cycleId=${s.cycle.id}`, { token: s.tokens.officer });
    expect(cell.body.result.data.items.map((x: { id: string }) => x.id)).toEqual([made]);
    expect((await server.call(`/api/placement/cycles/offers?cycleId=${s.cycle.id}`, { token: b.token })).status).toBe(
      403,
    );
  });
});
