import {
  POLICY_ACCEPTING_NOTES,
  POLICY_EXCEPTION_MESSAGES,
  POLICY_REFUSAL_MESSAGES,
  type TypedPolicyRule,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCellLink, seedOrganization, seedOrganizationMember, seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';
import { DREAM_A_B, policySetup, rows } from '../../test/placement-policy-kit';

/**
 * The placement policy's follow-ups (issue 41): revoking an exception, the note on what accepting an offer at an
 * opening means, and the company's check of an offer before sending it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const setup = (policy: TypedPolicyRule[] = []) => policySetup(server, policy);

type Setup = Awaited<ReturnType<typeof setup>>;
type Caller = { token?: string; headers?: Record<string, string> };

/** The institution's placement office, linked as its cell, with a member of `role` acting through it. */
async function cellMember(s: Setup, role: 'coordinator' | 'reviewer'): Promise<Caller & { officeId: number }> {
  const office = await seedOrganization(server.db, { name: `Placement Office ${role} ${Math.random()}` });
  await seedCellLink(server.db, { organizationId: office.id, institutionId: s.institution.id });
  const person = await seedStudent(server.db, { name: `Cell ${role}` });
  await seedOrganizationMember(server.db, { organizationId: office.id, userId: person.id, role });
  return {
    token: await server.tokenFor(person.id),
    headers: { 'x-organization-id': String(office.id) },
    officeId: office.id,
  };
}

function grant(s: Setup, enrolmentId: string | null, ruleKind: string, openingId: string | null = null) {
  return server.call('/api/placement/cycles/exceptions', {
    method: 'POST',
    token: s.tokens.officer,
    body: { cycleId: s.cycle.id, enrolmentId, ruleKind, openingId, reason: 'Joined late after a medical leave' },
  });
}
const revoke = (s: Setup, exceptionId: string, caller: Caller, reason = 'The leave was not medical after all') =>
  server.call('/api/placement/cycles/exceptions/revoke', {
    method: 'POST',
    ...caller,
    body: { cycleId: s.cycle.id, exceptionId, reason },
  });
const listExceptions = async (s: Setup) =>
  (await server.call(`/api/placement/cycles/exceptions?cycleId=${s.cycle.id}`, { token: s.tokens.officer })).body.result
    .data.items;
const verdictOf = async (token: string, openingId: string) => {
  const check = await server.call(`/api/placement/my/policy-check?openingId=${openingId}`, { token });
  expect(check.status).toBe(200);
  return check.body.result.data;
};

describe('revoking an exception', () => {
  it('owners revoke with a reason: listed as revoked (by whom, when, why), audited, and the apply is refused again', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const office = await seedOrganization(server.db, { name: 'Placement Office' });
    await seedCellLink(server.db, { organizationId: office.id, institutionId: s.institution.id });
    const ravi = await s.student('Ravi');
    await s.placeAt(ravi, 1_000_000);
    const first = await s.opening(3_000_000);
    const second = await s.opening(3_000_000);
    const granted = await grant(s, ravi.enrolmentId, 'acceptedOfferEndsSeason');
    expect(granted.status).toBe(200);
    expect(granted.body.result.data.revoked).toBeNull();
    expect(granted.body.result.data.abilities).toEqual({ revoke: true });
    expect((await s.apply(ravi.token, first.id)).status).toBe(200);

    const revoked = await revoke(s, granted.body.result.data.id, { token: s.tokens.officer });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.message).toBe(POLICY_EXCEPTION_MESSAGES.revoked);
    expect(revoked.body.result.data.revoked).toEqual({
      by: 'Placement Officer',
      at: expect.any(String),
      reason: 'The leave was not medical after all',
    });
    expect(revoked.body.result.data.abilities).toEqual({ revoke: false });

    // It stays in the list, as revoked, with what it was.
    const [listed] = await listExceptions(s);
    expect(listed.id).toBe(granted.body.result.data.id);
    expect(listed.reason).toBe('Joined late after a medical leave');
    expect(listed.revoked.reason).toBe('The leave was not medical after all');
    expect(listed.abilities.revoke).toBe(false);

    // The rule applies again: the verdict says so and the apply is refused.
    const verdict = await verdictOf(ravi.token, second.id);
    expect(verdict.allowed).toBe(false);
    expect(verdict.waived).toEqual([]);
    expect(verdict.refusals[0].message).toBe(POLICY_REFUSAL_MESSAGES.seasonEnded());
    const refused = await s.apply(ravi.token, second.id);
    expect(refused.status).toBe(403);
    expect(refused.body.exception.error.message).toContain('ends your season');

    // Revoked once: a second revocation is a conflict, and writes nothing more.
    const again = await revoke(s, granted.body.result.data.id, { token: s.tokens.officer });
    expect(again.status).toBe(409);
    expect(again.body.exception.error.message).toBe(POLICY_EXCEPTION_MESSAGES.alreadyRevoked);

    const trail = await rows<{ kind: string; subject_email: string; details: Record<string, unknown> }>(
      server.db,
      sql`select kind, subject_email, details from organization_audit_events where organization_id = ${office.id}
        order by created_at, id`,
    );
    expect(trail.map((event) => event.kind)).toEqual(['policy.exceptionGranted', 'policy.exceptionRevoked']);
    expect(trail[1]?.subject_email).toBe(ravi.user.email.toLowerCase());
    expect(trail[1]?.details).toMatchObject({
      ruleKind: 'acceptedOfferEndsSeason',
      ruleLabel: 'An accepted offer ends the season',
      reason: 'The leave was not medical after all',
    });
  });

  it('is refused signed out (401), to students, companies and the cell’s reviewers (403); coordinators may', async () => {
    const s = await setup([DREAM_A_B]);
    const student = await s.student('Meera');
    const granted = await grant(s, student.enrolmentId, 'ctcTiers');
    const exceptionId = granted.body.result.data.id;

    expect((await revoke(s, exceptionId, {})).status).toBe(401);
    expect((await revoke(s, exceptionId, { token: student.token })).status).toBe(403);
    expect((await revoke(s, exceptionId, { token: s.tokens.company })).status).toBe(403);
    const reviewer = await cellMember(s, 'reviewer');
    expect((await revoke(s, exceptionId, reviewer)).status).toBe(403);
    // A reviewer sees the list but is not offered the revocation.
    const seen = await server.call(`/api/placement/cycles/exceptions?cycleId=${s.cycle.id}`, reviewer);
    expect(seen.body.result.data.items[0].abilities).toEqual({ revoke: false });
    expect((await listExceptions(s))[0].revoked).toBeNull();

    const coordinator = await cellMember(s, 'coordinator');
    const revoked = await revoke(s, exceptionId, coordinator);
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.data.revoked.by).toBe('Cell coordinator');
    // The coordinator's team's trail records it.
    const [event] = await rows<{ kind: string }>(
      server.db,
      sql`select kind from organization_audit_events where organization_id = ${coordinator.officeId}`,
    );
    expect(event?.kind).toBe('policy.exceptionRevoked');
  });

  it('answers 404 for an exception of another cycle or none, 400 without a reason', async () => {
    const s = await setup([DREAM_A_B]);
    const other = await setup([DREAM_A_B]);
    const student = await other.student();
    const elsewhere = await grant(other, student.enrolmentId, 'ctcTiers');
    // The exception exists, but in a cycle of another cell: this officer's cycle has no such exception.
    expect((await revoke(s, elsewhere.body.result.data.id, { token: s.tokens.officer })).status).toBe(404);
    expect((await revoke(s, crypto.randomUUID(), { token: s.tokens.officer })).status).toBe(404);
    const blank = await revoke(other, elsewhere.body.result.data.id, { token: other.tokens.officer }, '  ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('reason');
  });
});

describe('the note on accepting an offer', () => {
  it('tiers: names the opening’s tier and where the student could go after accepting there', async () => {
    const s = await setup([DREAM_A_B]);
    const dream = await s.opening(2_500_000);
    const tierA = await s.opening(1_200_000);
    const tierB = await s.opening(600_000);
    const asha = await s.student('Asha');

    const note = async (openingId: string) => (await verdictOf(asha.token, openingId)).acceptingNote;
    expect(await note(dream.id)).toEqual({
      tier: 'Dream',
      message: 'This opening is in tier Dream. If you accept an offer here you can no longer apply in this cycle.',
    });
    expect(await note(tierA.id)).toEqual({
      tier: 'A',
      message: `${POLICY_ACCEPTING_NOTES.inTier('A')} If you accept an offer here you may then apply only to openings in tier Dream.`,
    });
    expect((await note(tierB.id))?.message).toBe(
      'This opening is in tier B. If you accept an offer here you may then apply only to openings in tiers Dream or A.',
    );

    // Placed in tier B, the one move up the policy allows is the next acceptance: after it, nothing.
    await s.placeAt(asha, 500_000);
    expect((await note(tierA.id))?.message).toBe(
      `${POLICY_ACCEPTING_NOTES.inTier('A')} ${POLICY_ACCEPTING_NOTES.noMoreApplying()}`,
    );
    // The form page carries the same verdict.
    const form = await server.call(`/api/placements/campus/apply?openingId=${tierA.id}`, { token: asha.token });
    expect(form.body.result.data.viewer.placementPolicy.acceptingNote.tier).toBe('A');
    // A refusal carries no note: the refusal speaks.
    const refused = await verdictOf(asha.token, tierB.id);
    expect(refused.allowed).toBe(false);
    expect(refused.acceptingNote).toBeNull();
  });

  it('any tier, a wait, a policy without tiers, and no policy', async () => {
    const open = await setup([
      { ...DREAM_A_B, params: { ...DREAM_A_B.params, onlyHigherTiers: false, maxUpgrades: 3 } } as TypedPolicyRule,
      { kind: 'gapAfterAccepting', params: { days: 7 } },
    ]);
    const ravi = await open.student('Ravi');
    expect((await verdictOf(ravi.token, (await open.opening(600_000)).id)).acceptingNote).toEqual({
      tier: 'B',
      message: `${POLICY_ACCEPTING_NOTES.inTier('B')} ${POLICY_ACCEPTING_NOTES.anyTier()} ${POLICY_ACCEPTING_NOTES.wait(7)}`,
    });

    const season = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const kiran = await season.student('Kiran');
    expect((await verdictOf(kiran.token, (await season.opening(900_000)).id)).acceptingNote).toEqual({
      tier: null,
      message: POLICY_ACCEPTING_NOTES.noMoreApplying(),
    });

    const none = await setup();
    const lata = await none.student('Lata');
    expect((await verdictOf(lata.token, (await none.opening(900_000)).id)).acceptingNote).toBeNull();
  });

  it('an exception for every opening counts; one for this opening only does not', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const o = await s.opening(900_000);
    const everywhere = await s.student('Everywhere');
    await grant(s, everywhere.enrolmentId, 'acceptedOfferEndsSeason');
    expect((await verdictOf(everywhere.token, o.id)).acceptingNote).toBeNull();
    const hereOnly = await s.student('Here only');
    await grant(s, hereOnly.enrolmentId, 'acceptedOfferEndsSeason', o.id);
    expect((await verdictOf(hereOnly.token, o.id)).acceptingNote?.message).toBe(
      POLICY_ACCEPTING_NOTES.noMoreApplying(),
    );
  });
});

describe('checking an offer before sending it', () => {
  it('returns the warnings the offer would carry and writes nothing; the offer then carries the same', async () => {
    const s = await setup([{ kind: 'acceptedOfferEndsSeason', params: {} }]);
    const kiran = await s.student('Kiran');
    await s.placeAt(kiran, 1_000_000);
    const second = await s.opening(900_000);
    // The student applied before being placed.
    await server.db.execute(sql`insert into applications (opening_id, applicant_id, form_version, answers,
        idempotency_key) values (${second.id}::uuid, ${kiran.user.id}, 1, '{}'::jsonb, ${`early-${Math.random()}`})`);
    const countOffers = async () =>
      (
        await rows<{ n: number }>(
          server.db,
          sql`select count(*)::int as n from offers where opening_id = ${second.id}::uuid`,
        )
      )[0]?.n;

    const check = await s.offer(kiran.user.id, second.id, 900_000, {}, '/api/organization/offers/check');
    expect(check.status).toBe(200);
    expect(check.body.result.data).toEqual({
      cycleId: s.cycle.id,
      cycleName: expect.stringContaining('Final placements'),
      policyWarnings: [
        {
          rule: 'acceptedOfferEndsSeason',
          label: 'An accepted offer ends the season',
          message: POLICY_REFUSAL_MESSAGES.seasonEnded(),
        },
      ],
    });
    expect(await countOffers()).toBe(0);
    const warned = await rows<{ kind: string }>(
      server.db,
      sql`select kind from notifications where kind = 'offer.policyWarning' and payload->>'candidateName' = 'Kiran'`,
    );
    expect(warned).toEqual([]);

    const made = await s.offer(kiran.user.id, second.id, 900_000);
    expect(made.body.result.data.policyWarnings).toEqual(check.body.result.data.policyWarnings);
    expect(await countOffers()).toBe(1);
  });

  it('a student the policy allows: no warnings; outside a cycle: no cycle', async () => {
    const s = await setup([DREAM_A_B]);
    const meera = await s.student('Meera');
    const o = await s.opening(1_200_000);
    expect((await s.apply(meera.token, o.id)).status).toBe(200);
    const check = await s.offer(meera.user.id, o.id, 1_200_000, {}, '/api/organization/offers/check');
    expect(check.body.result.data.policyWarnings).toEqual([]);
    expect(check.body.result.data.cycleId).toBe(s.cycle.id);

    await server.db.execute(sql`update openings set cycle_id = null where id = ${o.id}::uuid`);
    const outside = await s.offer(meera.user.id, o.id, 1_200_000, {}, '/api/organization/offers/check');
    expect(outside.body.result.data).toEqual({ cycleId: null, cycleName: null, policyWarnings: [] });
  });

  it('is refused signed out; other organizations and the student find no such application; a bad body is a 400', async () => {
    const s = await setup();
    const meera = await s.student('Meera');
    const o = await s.opening(1_200_000);
    await s.apply(meera.token, o.id);
    const path = '/api/organization/offers/check' as const;
    expect((await s.offer(meera.user.id, o.id, 1_200_000, {}, path, '')).status).toBe(401);
    expect((await s.offer(meera.user.id, o.id, 1_200_000, {}, path, s.tokens.outsider)).status).toBe(404);
    // As making the offer: the application is looked up among the caller's organization's, so others get a 404.
    expect((await s.offer(meera.user.id, o.id, 1_200_000, {}, path, meera.token)).status).toBe(404);
    const bad = await s.offer(meera.user.id, o.id, 1_200_000, { ctc: { amount: -1, currency: 'INR' } }, path);
    expect(bad.status).toBe(400);
  });
});
