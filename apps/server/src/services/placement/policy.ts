import {
  type CtcPeriod,
  type CycleStatus,
  describePolicyRule,
  type EnrolmentStatus,
  type OfferKindMade,
  type OfferState,
  POLICY_ACCEPTING_NOTES,
  POLICY_GATE_MESSAGES,
  POLICY_RULE_LABELS,
  type PolicyGate,
  type PolicyRefusal,
  type PolicyRuleView,
  type PolicyVerdict,
  type TypedPolicyRule,
  typedPolicyRuleSchema,
} from '@placely/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { errors } from '../../errors';
import { countAbsences } from '../rounds/absences';
import { type Ctc, type OfferFact, type PolicyFacts, type PolicyTarget, RULES } from './rules';
import { tierOf } from './rules/ctc-tiers';

/**
 * The policy engine (docs/ARCHITECTURE.md "Policy and offers"): a cycle's stored rules (placement_cycles.policy)
 * judged by their modules (./rules) on the student's facts in the cycle. The apply path, the offer and the answer to
 * an offer read the facts with `loadPolicyFacts(…, {lock: true})`, which first locks the student's enrolment row: an
 * acceptance and an application of the same student queue on it, so an application never passes on facts an
 * acceptance committed meanwhile has changed.
 */

/** The stored policy as typed rules; a rule that no longer parses (a kind removed, a changed schema) is left out. */
export function policyRulesOf(stored: unknown): TypedPolicyRule[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((rule) => {
    const parsed = typedPolicyRuleSchema.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
}

export const ruleViewsOf = (rules: TypedPolicyRule[]): PolicyRuleView[] =>
  rules.map((rule) => ({
    kind: rule.kind,
    label: POLICY_RULE_LABELS[rule.kind],
    description: describePolicyRule(rule),
  }));

export interface PolicyException {
  ruleKind: string;
  openingId: string | null;
  reason: string;
}

/** What the engine judges on: the cycle, the opening's place in it, and the student's facts (null: not enrolled). */
export interface LoadedPolicy {
  cycle: { id: string; name: string; status: CycleStatus; rules: TypedPolicyRule[] };
  /** The cell's decision on the opening (cycle_openings.status); null when the opening is not in this cycle. */
  openingStatus: string | null;
  openingCtc: Ctc | null;
  facts: PolicyFacts | null;
  userId: number;
  /** The cell's reason, for a debarred student (the gate quotes it). */
  debarredReason: string | null;
  exceptions: PolicyException[];
}

interface FactsRow {
  cycle_id: string;
  cycle_name: string;
  cycle_status: CycleStatus;
  policy: unknown;
  enrolment_id: string | null;
  enrolment_status: EnrolmentStatus | null;
  debarred_reason: string | null;
  enrolled_at: string | Date | null;
  absences: number | null;
  opening_status: string | null;
  opening_ctc: { amount: number | string; currency: string; period: CtcPeriod } | null;
  offers: Array<{
    id: string;
    openingId: string;
    status: OfferState;
    kind: OfferKindMade;
    amount: number | string;
    currency: string;
    period: CtcPeriod;
    decidedAt: string | null;
    respondBy: string;
  }>;
  exceptions: PolicyException[];
}

/**
 * One statement: the cycle and its policy, the student's enrolment, the opening's approval and CTC, their offers in
 * the cycle (but the one being judged) and their exceptions. Prepared once per connection (the apply path runs it).
 */
export const policyFactsSql = sql`select c.id as cycle_id, c.name as cycle_name, c.status as cycle_status, c.policy,
      e.id as enrolment_id, e.status as enrolment_status, e.debarred_reason, e.enrolled_at, e.absences,
      co.status as opening_status,
      case when co.opening_id is null then null else
        jsonb_build_object('amount', co.ctc_amount, 'currency', co.ctc_currency, 'period', co.ctc_period) end as opening_ctc,
      coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'openingId', o.opening_id, 'status', o.status,
          'kind', o.kind, 'amount', o.ctc_amount, 'currency', o.ctc_currency, 'period', o.ctc_period,
          'decidedAt', o.decided_at, 'respondBy', o.respond_by))
        from offers o where o.cycle_id = c.id and o.individual_id = ${sql.placeholder('userId')}::bigint
          and o.id is distinct from ${sql.placeholder('excludeOfferId')}::uuid), '[]'::jsonb) as offers,
      coalesce((select jsonb_agg(jsonb_build_object('ruleKind', x.rule_kind, 'openingId', x.opening_id,
          'reason', x.reason))
        from cycle_policy_exceptions x where x.enrolment_id = e.id and x.revoked_at is null), '[]'::jsonb) as exceptions
    from placement_cycles c
    left join cycle_enrolments e on e.cycle_id = c.id and e.user_id = ${sql.placeholder('userId')}::bigint
    left join cycle_openings co on co.opening_id = ${sql.placeholder('openingId')}::uuid and co.cycle_id = c.id
    where c.id = ${sql.placeholder('cycleId')}::uuid`;
const policyFacts = preparedStatement<FactsRow>('placement_policy_facts', policyFactsSql);

export const lockEnrolmentSql = sql`select id from cycle_enrolments
    where cycle_id = ${sql.placeholder('cycleId')}::uuid and user_id = ${sql.placeholder('userId')}::bigint
    for update`;
const lockEnrolment = preparedStatement<{ id: string }>('placement_lock_enrolment', lockEnrolmentSql);

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * The student's facts under the cycle's policy. `lock`: inside a transaction, lock their enrolment row first and
 * read the facts after it (a statement of its own, so READ COMMITTED gives it a snapshot taken after the lock was
 * granted: whatever an acceptance that held the lock committed is seen). Null: no such cycle.
 */
export async function loadPolicyFacts(
  db: Executor,
  input: { cycleId: string; userId: number; openingId: string; lock: boolean; excludeOfferId?: string | null },
  now = new Date(),
): Promise<LoadedPolicy | null> {
  if (input.lock) await lockEnrolment(db, { cycleId: input.cycleId, userId: input.userId });
  const [row] = await policyFacts(db, {
    cycleId: input.cycleId,
    userId: input.userId,
    openingId: input.openingId,
    excludeOfferId: input.excludeOfferId ?? null,
  });
  if (!row) return null;
  const rules = policyRulesOf(row.policy);
  let facts: PolicyFacts | null = null;
  if (row.enrolment_id && row.enrolment_status && row.enrolled_at) {
    const enrolledAt = toDate(row.enrolled_at);
    const offers: OfferFact[] = row.offers.map((offer) => ({
      id: offer.id,
      openingId: offer.openingId,
      // Check on read: a pending offer past its deadline has lapsed, whether or not the sweep has marked it yet.
      status:
        offer.status === 'pending' && new Date(offer.respondBy).getTime() <= now.getTime() ? 'lapsed' : offer.status,
      kind: offer.kind,
      ctc: { amount: Number(offer.amount), currency: offer.currency, period: offer.period },
      decidedAt: offer.decidedAt ? new Date(offer.decidedAt) : null,
    }));
    const needsAbsences = rules.some((rule) => RULES[rule.kind].needsAbsences);
    facts = {
      now,
      enrolment: {
        id: row.enrolment_id,
        status: row.enrolment_status,
        enrolledAt,
        absences: Number(row.absences ?? 0),
      },
      roundAbsences: needsAbsences ? await countAbsences(db, { userId: input.userId, since: enrolledAt }) : null,
      offers,
    };
  }
  return {
    cycle: { id: row.cycle_id, name: row.cycle_name, status: row.cycle_status, rules },
    openingStatus: row.opening_status,
    openingCtc: row.opening_ctc
      ? { amount: Number(row.opening_ctc.amount), currency: row.opening_ctc.currency, period: row.opening_ctc.period }
      : null,
    facts,
    userId: input.userId,
    debarredReason: row.debarred_reason,
    exceptions: row.exceptions,
  };
}

const gate = (rule: PolicyGate, extra?: string | null): PolicyRefusal => ({
  rule,
  label: 'Placement cycle',
  message: extra ? `${POLICY_GATE_MESSAGES[rule]} Reason: ${extra}` : POLICY_GATE_MESSAGES[rule],
});

/**
 * Judges the target: first the gates (enrolled, not opted out or debarred, the cycle open and — when applying — the
 * opening approved by the cell), which no exception sets aside; then each rule judged at this moment. A refusal
 * of a rule the cell excepted for this student (for this opening, or for all) is listed as waived instead.
 */
export function judgePolicy(
  loaded: LoadedPolicy,
  target: PolicyTarget,
): { refusals: PolicyRefusal[]; waived: Array<PolicyRefusal & { exceptionReason: string }> } {
  const { facts, cycle } = loaded;
  const gates: PolicyRefusal[] = [];
  if (cycle.status === 'closed') gates.push(gate('cycleClosed'));
  if (!facts) gates.push(gate('notEnrolled'));
  else if (facts.enrolment.status === 'opted_out') gates.push(gate('optedOut'));
  else if (facts.enrolment.status === 'debarred') gates.push(gate('debarred', loaded.debarredReason));
  if (target.moment === 'apply' && loaded.openingStatus !== 'approved') gates.push(gate('openingNotApproved'));
  if (gates.length > 0 || !facts) return { refusals: gates, waived: [] };

  const refusals: PolicyRefusal[] = [];
  const waived: Array<PolicyRefusal & { exceptionReason: string }> = [];
  for (const rule of cycle.rules) {
    const module = RULES[rule.kind];
    if (!module.moments.includes(target.moment)) continue;
    // The registry pairs each kind with its module; the union of params cannot be narrowed through the index.
    const message = (module.check as (params: unknown, f: PolicyFacts, t: PolicyTarget) => string | null)(
      rule.params,
      facts,
      target,
    );
    if (message === null) continue;
    const refusal: PolicyRefusal = { rule: rule.kind, label: POLICY_RULE_LABELS[rule.kind], message };
    const exception = loaded.exceptions.find(
      (x) => x.ruleKind === rule.kind && (x.openingId === null || x.openingId === target.openingId),
    );
    if (exception) waived.push({ ...refusal, exceptionReason: exception.reason });
    else refusals.push(refusal);
  }
  return { refusals, waived };
}

/** Later than any wait a rule can ask for after an acceptance (gapAfterAccepting allows at most 365 days). */
const PAST_ANY_WAIT_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * What accepting an offer at this opening would mean under the policy, worked out by the rules themselves rather
 * than restated: the student's facts gain an offer accepted now at the opening's CTC, and an application is judged,
 * past any wait, at an opening of each tier (the lowest CTC of the tier) — or, when the policy has no tiers, at an
 * opening paying what this one pays. The tiers still open are where the student could go on; a rule that only delays says so in its own words.
 * Exceptions count only when they cover every opening of the cycle. Null when there is nothing to say.
 */
export function acceptingNoteOf(loaded: LoadedPolicy, openingId: string): PolicyVerdict['acceptingNote'] {
  const { facts, cycle } = loaded;
  if (!facts) return null;
  // An opening without a known CTC is read as in the lowest tier, as the tier rule reads it.
  const ctc: Ctc = loaded.openingCtc ?? { amount: 0, currency: '', period: 'year' };
  const afterAccepting: LoadedPolicy = {
    ...loaded,
    openingStatus: 'approved',
    facts: {
      ...facts,
      now: new Date(facts.now.getTime() + PAST_ANY_WAIT_MS),
      offers: [
        ...facts.offers,
        { id: 'accepting-here', openingId, status: 'accepted', kind: 'full-time', ctc, decidedAt: facts.now },
      ],
    },
  };
  // Another opening of the cycle: an exception for this one only says nothing about where the student goes next.
  const mayApplyAt = (at: Ctc | null) =>
    judgePolicy(afterAccepting, { moment: 'apply', openingId: 'another-opening', ctc: at }).refusals.length === 0;
  const waits = cycle.rules.flatMap((rule) => {
    const words = (RULES[rule.kind].waitAfterAccepting as ((params: unknown) => string) | undefined)?.(rule.params);
    return words ? [words] : [];
  });

  const tiersRule = cycle.rules.find((rule) => rule.kind === 'ctcTiers');
  if (!tiersRule) {
    if (!mayApplyAt(loaded.openingCtc)) return { tier: null, message: POLICY_ACCEPTING_NOTES.noMoreApplying() };
    return waits.length > 0 ? { tier: null, message: waits.join(' ') } : null;
  }
  const { tiers, currency } = tiersRule.params;
  const tier = tiers[tierOf(tiersRule.params, loaded.openingCtc)]?.name ?? '';
  const open = tiers.filter((t) => mayApplyAt({ amount: t.minAnnualCtc, currency, period: 'year' }));
  const next =
    open.length === 0
      ? [POLICY_ACCEPTING_NOTES.noMoreApplying()]
      : [
          open.length === tiers.length
            ? POLICY_ACCEPTING_NOTES.anyTier()
            : POLICY_ACCEPTING_NOTES.onlyTiers(open.map((t) => t.name)),
          ...waits,
        ];
  return { tier, message: [POLICY_ACCEPTING_NOTES.inTier(tier), ...next].join(' ') };
}

/** The student's verdict on applying to an opening of the cycle (the form page and the "can I apply" route). */
export function applyVerdictOf(loaded: LoadedPolicy, openingId: string): PolicyVerdict {
  const { refusals, waived } = judgePolicy(loaded, { moment: 'apply', openingId, ctc: loaded.openingCtc });
  const allowed = refusals.length === 0;
  return {
    cycleId: loaded.cycle.id,
    cycleName: loaded.cycle.name,
    openingId,
    allowed,
    refusals,
    waived,
    rules: ruleViewsOf(loaded.cycle.rules),
    acceptingNote: allowed ? acceptingNoteOf(loaded, openingId) : null,
  };
}

/** The 403 of a refused application: which rule and why, in the student's words. */
export function policyRefusalError(refusals: PolicyRefusal[]) {
  const reasons = refusals.map((refusal) => `${refusal.label}: ${refusal.message}`).join(' ');
  return errors.forbidden(`The placement cycle's policy does not let you apply. ${reasons}`);
}

/** The verdict on applying, for a student and an opening of a cycle (no lock: a read for the page). */
export async function applyVerdict(
  db: Executor,
  input: { cycleId: string; userId: number; openingId: string },
): Promise<PolicyVerdict | null> {
  const loaded = await loadPolicyFacts(db, { ...input, lock: false });
  return loaded ? applyVerdictOf(loaded, input.openingId) : null;
}
