import { sql } from 'drizzle-orm';
import { seedOpeningWithApplicants } from '../../seed/helpers';
import { type Entry, get, post, put, type Target, team } from './matrix-kit';
import { ACTORS, type World } from './world';

/**
 * The placement policy and offers (routes/placement-policy, routes/offers). The suite institution's root is the
 * placement cell; it runs one cycle in which indA and indB are enrolled. Each organization has an approved opening
 * of the cycle its partner individual applied to, with two more applications for offers: one pending (answered,
 * withdrawn) and one accepted (reneged on, rescinded).
 */
type Org = 'orgA' | 'orgB';
const ORGANIZATIONS = ['orgA', 'orgB'] as const;
const partnerOf = (who: Org): 'indA' | 'indB' => (who === 'orgA' ? 'indA' : 'indB');

interface OrgOffers {
  openingId: string;
  /** An application with no offer: making one is the create's request (the prepare removes it again). */
  freshApplicationId: string;
  pendingOfferId: string;
  acceptedOfferId: string;
}
interface PolicyWorld {
  cycleId: string;
  enrolmentId: string;
  /** An exception the cell granted indA (revoked by the revoke's control; its prepare grants it again). */
  exceptionId: string;
  orgs: Record<Org, OrgOffers>;
}

const seeded = new WeakMap<World, Promise<PolicyWorld>>();

const exec = (world: World, query: ReturnType<typeof sql>) => world.server.db.execute(query);
const rows = async <T>(world: World, query: ReturnType<typeof sql>) =>
  ((await exec(world, query)) as unknown as { rows: T[] }).rows;

async function insertOffer(world: World, who: Org, applicationId: string, openingId: string, status: string) {
  const [row] = await rows<{ id: string }>(
    world,
    sql`insert into offers (application_id, opening_id, organization_id, individual_id, cycle_id, role, ctc_amount,
        ctc_currency, ctc_period, respond_by, status, decided_at)
      select a.id, a.opening_id, ${world.actors[who].userId}, a.applicant_id, op.cycle_id, 'Suite engineer', 1000000,
        'INR', 'year', now() + interval '30 days', ${status}, case when ${status} = 'pending' then null else now() end
      from applications a join openings op on op.id = a.opening_id
      where a.id = ${applicationId}::uuid and a.opening_id = ${openingId}::uuid
      returning id`,
  );
  if (!row) throw new Error('policy world: no offer');
  return row.id;
}

export function policyWorld(world: World): Promise<PolicyWorld> {
  let promise = seeded.get(world);
  if (!promise) {
    promise = (async () => {
      const [cycle] = await rows<{ id: string }>(
        world,
        sql`insert into placement_cycles (institution_id, name, kind, starts_on, ends_on, join_token, policy)
          values (${world.institutionId}, 'Suite placements', 'jobs', '2026-07-01', '2027-06-30',
            ${`suite-policy-${Math.random().toString(36).slice(2)}`}, '[]'::jsonb)
          returning id`,
      );
      if (!cycle) throw new Error('policy world: no cycle');
      let enrolmentId = '';
      for (const who of ['indA', 'indB'] as const) {
        const [row] = await rows<{ id: string }>(
          world,
          sql`insert into cycle_enrolments (cycle_id, user_id, email, source)
            values (${cycle.id}::uuid, ${world.actors[who].userId}, ${world.actors[who].email.toLowerCase()}, 'csv')
            returning id`,
        );
        if (who === 'indA') enrolmentId = row?.id ?? '';
      }
      const orgs = {} as Record<Org, OrgOffers>;
      for (const who of ORGANIZATIONS) {
        const partner = partnerOf(who);
        const openings: { id: string; applicationId: string }[] = [];
        for (const title of ['fresh', 'pending', 'accepted']) {
          const { opening, applications } = await seedOpeningWithApplicants(world.server.db, {
            organizationId: world.actors[who].userId,
            opening: { title: `Suite cycle ${title} ${who}` },
            applicants: [{ userId: world.actors[partner].userId, answers: { name: 'P', email: 'p@example.com' } }],
          });
          await exec(world, sql`update openings set cycle_id = ${cycle.id}::uuid where id = ${opening.id}::uuid`);
          await exec(
            world,
            sql`insert into cycle_openings (opening_id, cycle_id, organization_id, status, ctc_amount, ctc_currency,
                ctc_period)
              values (${opening.id}::uuid, ${cycle.id}::uuid, ${world.actors[who].userId}, 'approved', 1000000, 'INR',
                'year')`,
          );
          openings.push({ id: opening.id, applicationId: applications[0]?.id ?? '' });
        }
        const [fresh, pending, accepted] = openings as [
          (typeof openings)[0],
          (typeof openings)[0],
          (typeof openings)[0],
        ];
        orgs[who] = {
          openingId: fresh.id,
          freshApplicationId: fresh.applicationId,
          pendingOfferId: await insertOffer(world, who, pending.applicationId, pending.id, 'pending'),
          acceptedOfferId: await insertOffer(world, who, accepted.applicationId, accepted.id, 'accepted'),
        };
      }
      const [exception] = await rows<{ id: string }>(
        world,
        sql`insert into cycle_policy_exceptions (cycle_id, enrolment_id, rule_kind, reason, granted_by)
          values (${cycle.id}::uuid, ${enrolmentId}::uuid, 'maxOffers', 'Suite exception', ${world.actors.root.userId})
          returning id`,
      );
      if (!exception) throw new Error('policy world: no exception');
      return { cycleId: cycle.id, enrolmentId, exceptionId: exception.id, orgs };
    })();
    seeded.set(world, promise);
  }
  return promise;
}

const forCell = (build: (p: PolicyWorld) => Omit<Target, 'owner'>) => async (world: World) => {
  const p = await policyWorld(world);
  return [{ owner: 'root' as const, ...build(p) }];
};
const perOrganization =
  (build: (o: OrgOffers, who: Org, p: PolicyWorld) => Omit<Target, 'owner'>) => async (world: World) => {
    const p = await policyWorld(world);
    return ORGANIZATIONS.map((who) => ({ owner: who, ...build(p.orgs[who], who, p) }));
  };
const perStudent =
  (build: (o: OrgOffers, who: Org, p: PolicyWorld) => Omit<Target, 'owner'>) => async (world: World) => {
    const p = await policyWorld(world);
    return ORGANIZATIONS.map((who) => ({ owner: partnerOf(who), ...build(p.orgs[who], who, p) }));
  };
const setOfferStatus = async (world: World, offerId: string, status: string): Promise<void> => {
  await exec(
    world,
    sql`update offers set status = ${status}, respond_by = now() + interval '30 days'
    where id = ${offerId}::uuid`,
  );
};

export const PLACEMENT_POLICY_ENTRIES: Record<string, Entry> = {
  'GET /api/placement/cycles/policy': {
    access: 'owned',
    targets: forCell((p) => ({
      label: "the cycle's policy",
      request: get('/api/placement/cycles/policy', { cycleId: p.cycleId }),
    })),
  },
  'PUT /api/placement/cycles/policy': {
    access: 'owned',
    targets: forCell((p) => ({
      label: "the cycle's policy (saving)",
      request: put('/api/placement/cycles/policy', {
        cycleId: p.cycleId,
        rules: [{ kind: 'maxOffers', params: { max: 20, counting: 'accepted' } }],
      }),
    })),
  },
  'GET /api/placement/cycles/exceptions': {
    access: 'owned',
    targets: forCell((p) => ({
      label: "the cycle's exceptions",
      request: get('/api/placement/cycles/exceptions', { cycleId: p.cycleId }),
    })),
  },
  'POST /api/placement/cycles/exceptions': {
    access: 'owned',
    targets: forCell((p) => ({
      label: 'an exception for indA',
      request: post('/api/placement/cycles/exceptions', {
        cycleId: p.cycleId,
        enrolmentId: p.enrolmentId,
        ruleKind: 'maxOffers',
        reason: 'Suite exception',
      }),
    })),
  },
  'POST /api/placement/cycles/exceptions/revoke': {
    access: 'owned',
    targets: forCell((p) => ({
      label: "indA's exception (revoked)",
      request: post('/api/placement/cycles/exceptions/revoke', {
        cycleId: p.cycleId,
        exceptionId: p.exceptionId,
        reason: 'Suite revocation',
      }),
      // Standing again before each attempt, so a refusal is the caller's and not "revoked already".
      prepare: async (world) => {
        await exec(
          world,
          sql`update cycle_policy_exceptions set revoked_at = null, revoked_by = null, revoke_reason = null
            where id = ${p.exceptionId}::uuid`,
        );
      },
    })),
  },
  'GET /api/placement/cycles/offers': {
    access: 'owned',
    targets: forCell((p) => ({
      label: "the cycle's offers",
      request: get('/api/placement/cycles/offers', { cycleId: p.cycleId }),
    })),
  },
  'GET /api/placement/my/policy-check': {
    access: 'owned',
    // Any signed-in person may ask about an opening of a cycle (someone not enrolled hears so, in words); only the
    // signed-out are refused.
    targets: async (world) => {
      const p = await policyWorld(world);
      return [
        {
          owner: 'indA' as const,
          label: 'an opening of the cycle (may I apply?)',
          request: get('/api/placement/my/policy-check', { openingId: p.orgs.orgA.openingId }),
          alsoAllowed: ACTORS.filter((actor) => actor !== 'anon' && actor !== 'indA'),
        },
      ];
    },
  },
  'GET /api/placement/my/offers': {
    access: 'self',
    request: () => get('/api/placement/my/offers'),
  },
  'POST /api/placement/my/offers/respond': {
    access: 'owned',
    destructive: true,
    targets: perStudent((o) => ({
      label: 'a pending offer (declined)',
      request: post('/api/placement/my/offers/respond', { offerId: o.pendingOfferId, decision: 'decline' }),
      prepare: (world) => setOfferStatus(world, o.pendingOfferId, 'pending'),
    })),
  },
  'POST /api/placement/my/offers/renege': {
    access: 'owned',
    destructive: true,
    targets: perStudent((o) => ({
      label: 'an accepted offer (reneged)',
      request: post('/api/placement/my/offers/renege', { offerId: o.acceptedOfferId, reason: 'Suite renege' }),
      prepare: (world) => setOfferStatus(world, o.acceptedOfferId, 'accepted'),
    })),
  },
  'POST /api/organization/offers': {
    access: 'owned',
    targets: perOrganization((o, who) => ({
      label: `${who}'s application (an offer)`,
      request: post('/api/organization/offers', {
        applicationId: o.freshApplicationId,
        role: 'Suite engineer',
        ctc: { amount: 1_000_000, currency: 'INR', period: 'year' },
        respondBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      }),
      alsoAllowed: team(who, 'coordA'),
      prepare: async (world) => {
        await exec(world, sql`delete from offers where application_id = ${o.freshApplicationId}::uuid`);
      },
    })),
  },
  'POST /api/organization/offers/check': {
    access: 'owned',
    targets: perOrganization((o, who) => ({
      label: `${who}'s application (an offer checked, not made)`,
      request: post('/api/organization/offers/check', {
        applicationId: o.freshApplicationId,
        role: 'Suite engineer',
        ctc: { amount: 1_000_000, currency: 'INR', period: 'year' },
        respondBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'GET /api/organization/offers': {
    access: 'owned',
    targets: perOrganization((o, who) => ({
      label: `${who}'s opening's offers`,
      request: get('/api/organization/offers', { openingId: o.openingId }),
      alsoAllowed: team(who, 'coordA'),
    })),
  },
  'POST /api/organization/offers/withdraw': {
    access: 'owned',
    targets: perOrganization((o, who) => ({
      label: `${who}'s pending offer (withdrawn)`,
      request: post('/api/organization/offers/withdraw', { offerId: o.pendingOfferId, reason: 'Suite withdraw' }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (world) => setOfferStatus(world, o.pendingOfferId, 'pending'),
    })),
  },
  'POST /api/organization/offers/rescind': {
    access: 'owned',
    targets: perOrganization((o, who) => ({
      label: `${who}'s accepted offer (rescinded)`,
      request: post('/api/organization/offers/rescind', { offerId: o.acceptedOfferId, reason: 'Suite rescind' }),
      alsoAllowed: team(who, 'coordA'),
      prepare: (world) => setOfferStatus(world, o.acceptedOfferId, 'accepted'),
    })),
  },
};
