import {
  annualCtc,
  type CtcPeriod,
  type createOfferBodySchema,
  formatAnnualCtc,
  type NotificationKind,
  notificationLinks,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  OFFER_STATE_LABELS,
  type Offer,
  type OfferCheck,
  type OfferKindMade,
  type OfferState,
  type PolicyRefusal,
  type z,
} from '@placely/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/authenticate';
import type { Executor } from '../../db/client';
import { errors } from '../../errors';
import type { OrganizationAccess } from '../../policies/organization';
import { notify, notifyFrom } from '../notifications';
import { loadOrganizationOpening } from '../organization-openings';
import { recordAudit } from '../organizations';
import { moveApplications, stagesOf } from '../shortlisting/pipeline';
import { judgePolicy, loadPolicyFacts } from './policy';

/**
 * Offers (docs/ARCHITECTURE.md "Policy and offers"). Every change locks the offer row; inside a cycle the answer,
 * the renege and the rescind also lock the student's enrolment (loadPolicyFacts with `lock`), the same row an
 * application to the cycle locks, so the policy never judges on facts another transaction is changing.
 */

export interface OfferRow {
  id: string;
  application_id: string;
  opening_id: string;
  organization_id: string | number;
  individual_id: string | number;
  cycle_id: string | null;
  kind: OfferKindMade;
  role: string;
  ctc_amount: string | number;
  ctc_currency: string;
  ctc_period: CtcPeriod;
  location: string | null;
  joining_date: string | Date | null;
  letter_file_id: string | null;
  respond_by: string | Date;
  status: OfferState;
  status_reason: string | null;
  policy_warnings: PolicyRefusal[];
  decided_at: string | Date | null;
  created_at: string | Date;
  opening_title: string;
  organization_name: string;
  individual_name: string | null;
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const day = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** A pending offer past its deadline reads as lapsed, whether or not the sweep has marked it yet. */
export function effectiveStatus(row: Pick<OfferRow, 'status' | 'respond_by'>, now = new Date()): OfferState {
  return row.status === 'pending' && new Date(row.respond_by).getTime() <= now.getTime() ? 'lapsed' : row.status;
}

const organizationName = sql`coalesce((select coalesce(op.name, u.name) from users u
  left join organization_profiles op on op.user_id = u.id where u.id = o.organization_id), '')`;

/** The offers with the names every view shows, in one statement. */
const offersWhere = (condition: SQL) => sql`select o.*, op.title as opening_title,
    ${organizationName} as organization_name, s.name as individual_name
  from offers o
  join openings op on op.id = o.opening_id
  left join users s on s.id = o.individual_id
  where ${condition}
  order by o.created_at desc, o.id desc`;

export type OfferViewer = 'student' | 'company' | 'cell';

export function presentOffer(row: OfferRow, viewer: OfferViewer, now = new Date()): Offer {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    applicationId: row.application_id,
    openingId: row.opening_id,
    openingTitle: row.opening_title,
    organizationId: String(row.organization_id),
    organizationName: row.organization_name,
    individualId: String(row.individual_id),
    individualName: row.individual_name,
    cycleId: row.cycle_id,
    kind: row.kind,
    role: row.role,
    ctc: { amount: Number(row.ctc_amount), currency: row.ctc_currency, period: row.ctc_period },
    location: row.location,
    joiningDate: day(row.joining_date),
    letterFileId: row.letter_file_id,
    respondBy: new Date(row.respond_by).toISOString(),
    status,
    statusLabel: OFFER_STATE_LABELS[status],
    statusReason: row.status_reason,
    // The company and the cell see the policy's warnings; the student sees the policy on the form page instead.
    policyWarnings: viewer === 'student' ? [] : (row.policy_warnings ?? []),
    decidedAt: iso(row.decided_at),
    createdAt: new Date(row.created_at).toISOString(),
    abilities: {
      accept: viewer === 'student' && status === 'pending',
      decline: viewer === 'student' && status === 'pending',
      renege: viewer === 'student' && status === 'accepted',
      withdraw: viewer === 'company' && status === 'pending',
      rescind: viewer === 'company' && status === 'accepted',
    },
  };
}

export async function offerById(db: Executor, offerId: string, lock = false): Promise<OfferRow | null> {
  if (lock) await db.execute(sql`select 1 from offers where id = ${offerId}::uuid for update`);
  const [row] = await rowsOf<OfferRow>(db, offersWhere(sql`o.id = ${offerId}::uuid`));
  return row ?? null;
}

export const offersOfStudent = (db: Executor, userId: number) =>
  rowsOf<OfferRow>(db, offersWhere(sql`o.individual_id = ${userId}`));
export const offersOfOpening = (db: Executor, openingId: string) =>
  rowsOf<OfferRow>(db, offersWhere(sql`o.opening_id = ${openingId}::uuid`));
export const offersOfCycle = (db: Executor, cycleId: string) =>
  rowsOf<OfferRow>(db, offersWhere(sql`o.cycle_id = ${cycleId}::uuid`));

/** An offer whose letter a file is: to whom it was made, whether the caller is in its cycle's cell, and whose opening. */
export interface OfferLetterRow {
  individual_id: string | number;
  in_cycle_cell: boolean;
  organization_id: string | number;
  opening_id: string;
}

/**
 * The offers whose letter the file is (the letter index; usually none, at most a few), each with whether `userId` is
 * in the placement cell of its cycle (`cellInstitutions`: services/placement/access.ts `cellInstitutionsOf`).
 */
export const offerLettersOf = (db: Executor, fileId: string, cellInstitutions: SQL) =>
  rowsOf<OfferLetterRow>(
    db,
    sql`select o.individual_id, o.organization_id, o.opening_id,
        exists(select 1 from placement_cycles c where c.id = o.cycle_id and c.institution_id in ${cellInstitutions})
          as in_cycle_cell
      from offers o where o.letter_file_id = ${fileId}::uuid`,
  );

const ctcWords = (row: Pick<OfferRow, 'ctc_amount' | 'ctc_currency' | 'ctc_period'>) =>
  formatAnnualCtc(annualCtc(Number(row.ctc_amount), row.ctc_period), row.ctc_currency);

/** The people of the cycle's placement cell who hear about its offers: the institution's roles, the linked team's owners and coordinators. */
const cellRecipients = (cycleId: string) => sql`select r.user_id as recipient_id from placement_cycles c
    join institution_roles r on r.institution_id = c.institution_id where c.id = ${cycleId}::uuid
  union
  select m.user_id from placement_cycles c
    join organizations g on g.institution_id = c.institution_id and g.institution_linked_at is not null
      and g.deleted_at is null
    join organization_members m on m.organization_id = g.id and m.revoked_at is null
      and m.role in ('owner', 'coordinator')
    where c.id = ${cycleId}::uuid`;

/** The company's people who hear a candidate's answer: its owners and coordinators, and the account itself. */
const companyRecipients = (
  organizationId: string | number,
) => sql`select ${Number(organizationId)}::bigint as recipient_id
  union select m.user_id from organization_members m where m.organization_id = ${Number(organizationId)}
    and m.revoked_at is null and m.role in ('owner', 'coordinator')`;

async function notifyGroup(
  tx: Executor,
  recipients: SQL,
  kind: NotificationKind,
  dedupe: string,
  link: string,
  payload: Record<string, string>,
) {
  await notifyFrom(
    tx,
    sql`select x.recipient_id, ${kind}::text as kind, ${dedupe}::text || ':' || x.recipient_id as dedupe_key,
        ${link}::text as link, ${JSON.stringify(payload)}::jsonb as payload
      from (${recipients}) x where x.recipient_id is not null`,
  );
}

/** Tells the company and (in a cycle) the cell what became of an offer: answered, lapsed, reneged. */
async function tellCompanyAndCell(tx: Executor, row: OfferRow, status: OfferState, reason: string | null) {
  const payload = {
    candidateName: row.individual_name ?? '',
    role: row.role,
    organizationName: row.organization_name,
    statusLabel: OFFER_STATE_LABELS[status],
    reason: reason ?? '',
  };
  await notifyGroup(
    tx,
    companyRecipients(row.organization_id),
    'offer.answered',
    `offer.${status}:${row.id}`,
    notificationLinks.application(row.opening_id, row.application_id),
    payload,
  );
  if (row.cycle_id) {
    await notifyGroup(
      tx,
      cellRecipients(row.cycle_id),
      'offer.answered',
      `offer.${status}:${row.id}:cell`,
      notificationLinks.cycleOffers(row.cycle_id),
      payload,
    );
  }
}

async function tellStudent(tx: Executor, row: OfferRow, status: OfferState, reason: string | null) {
  await notify(tx, [
    {
      recipientId: Number(row.individual_id),
      kind: 'offer.changed',
      dedupeKey: `offer.${status}:${row.id}:student`,
      link: notificationLinks.myOffers,
      payload: {
        role: row.role,
        organizationName: row.organization_name,
        statusLabel: OFFER_STATE_LABELS[status],
        reason: reason ?? '',
      },
    },
  ]);
}

type CreateOfferInput = z.output<typeof createOfferBodySchema>;

interface OfferApplication {
  id: string;
  opening_id: string;
  applicant_id: string | number;
  status: string;
}

/** The application an offer is made on, one of the caller's organization's (else 404), and its opening authorized. */
async function applicationForOffer(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  applicationId: string,
  lock?: 'no key update',
) {
  const [application] = await rowsOf<OfferApplication>(
    db,
    sql`select a.id, a.opening_id, a.applicant_id, a.status from applications a
      join openings op on op.id = a.opening_id
      where a.id = ${applicationId}::uuid and op.organization_id = ${access.organizationId}`,
  );
  if (!application) throw errors.notFound('That application');
  const opening = await loadOrganizationOpening(db, actor, access, application.opening_id, 'stage.move', lock);
  return { application, opening };
}

/**
 * What the cycle's policy says of an offer at `ctc` to the student, judged at offer time: the refusals are the
 * offer's warnings. `lock` inside the offer's transaction (the student's enrolment row, as applying and answering
 * take it); without it a read for the company's check before sending.
 */
async function offerPolicyOf(
  db: Executor,
  input: { cycleId: string | null; openingId: string; studentId: number; ctc: CreateOfferInput['ctc'] },
  lock: boolean,
): Promise<{ cycleName: string; warnings: PolicyRefusal[] } | null> {
  if (!input.cycleId) return null;
  const loaded = await loadPolicyFacts(db, {
    cycleId: input.cycleId,
    userId: input.studentId,
    openingId: input.openingId,
    lock,
  });
  if (!loaded) return null;
  const { refusals } = judgePolicy(loaded, { moment: 'offer', openingId: input.openingId, ctc: input.ctc });
  return { cycleName: loaded.cycle.name, warnings: refusals };
}

/**
 * The offer's check before it is sent (POST /api/organization/offers/check): the warnings the cycle's policy would
 * put on it, judged now on the student's facts; nothing is written. The same people may ask as may make it.
 */
export async function checkOffer(
  db: Executor,
  actor: Actor,
  access: OrganizationAccess,
  input: CreateOfferInput,
): Promise<OfferCheck> {
  const { application, opening } = await applicationForOffer(db, actor, access, input.applicationId);
  const policy = await offerPolicyOf(
    db,
    { cycleId: opening.cycleId, openingId: opening.id, studentId: Number(application.applicant_id), ctc: input.ctc },
    false,
  );
  return policy
    ? { cycleId: opening.cycleId, cycleName: policy.cycleName, policyWarnings: policy.warnings }
    : { cycleId: null, cycleName: null, policyWarnings: [] };
}

/**
 * Makes the offer on an application and moves the candidate to the Offered stage (recorded like any move). Inside a
 * cycle the policy is judged at offer time on the student's facts (their enrolment locked): what it would refuse is
 * kept on the offer as warnings, shown to the company and sent to the cell — the offer is made all the same.
 */
export async function createOffer(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  input: CreateOfferInput,
  now = new Date(),
): Promise<OfferRow> {
  const { application, opening } = await applicationForOffer(tx, actor, access, input.applicationId, 'no key update');
  if (application.status === 'withdrawn') throw errors.conflict('The candidate withdrew this application.');
  const respondBy = new Date(input.respondBy);
  if (respondBy.getTime() < now.getTime() + OFFER_LIMITS.minRespondHours * 3_600_000) {
    throw errors.validation([{ field: 'respondBy', message: OFFER_MESSAGES.respondByPast }]);
  }
  if (respondBy.getTime() > now.getTime() + OFFER_LIMITS.maxRespondDays * 86_400_000) {
    throw errors.validation([{ field: 'respondBy', message: OFFER_MESSAGES.respondByTooFar }]);
  }
  if (input.letterFileId) {
    const [file] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from files where id = ${input.letterFileId}::uuid and owner_id = ${actor.user.id}
        and content_type = 'application/pdf'`,
    );
    if (!file) throw errors.validation([{ field: 'letterFileId', message: OFFER_MESSAGES.letterNotPdf }]);
  }
  const [existing] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from offers where application_id = ${application.id}::uuid`,
  );
  if (existing) throw errors.conflict(OFFER_MESSAGES.exists);

  const studentId = Number(application.applicant_id);
  const policy = await offerPolicyOf(
    tx,
    { cycleId: opening.cycleId, openingId: opening.id, studentId, ctc: input.ctc },
    true,
  );
  const warnings = policy?.warnings ?? [];
  const cycleName = policy?.cycleName ?? '';
  const [created] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into offers (application_id, opening_id, organization_id, individual_id, cycle_id, kind, role,
        ctc_amount, ctc_currency, ctc_period, location, joining_date, letter_file_id, respond_by, policy_warnings,
        created_by)
      values (${application.id}::uuid, ${opening.id}::uuid, ${access.organizationId}, ${studentId},
        ${opening.cycleId ?? null}::uuid, ${input.kind}, ${input.role}, ${input.ctc.amount}, ${input.ctc.currency},
        ${input.ctc.period}, ${input.location}, ${input.joiningDate}::date, ${input.letterFileId}::uuid,
        ${respondBy.toISOString()}::timestamptz, ${JSON.stringify(warnings)}::jsonb, ${actor.user.id})
      returning id`,
  );
  if (!created) throw new Error('offer insert returned nothing');

  const offered = (await stagesOf(tx, opening.id)).find((stage) => stage.kind === 'offered');
  if (offered) {
    await moveApplications(tx, actor, access, opening, { toStageId: offered.id, applicationIds: [application.id] });
  }
  const row = await offerById(tx, created.id);
  if (!row) throw new Error('offer not found after insert');
  await recordAudit(tx, access.organizationId, actor.user.id, {
    kind: 'offer.made',
    openingId: opening.id,
    applicationId: application.id,
    details: { role: row.role, warnings: warnings.length },
  });
  await notify(tx, [
    {
      recipientId: studentId,
      kind: 'offer.received',
      dedupeKey: `offer.received:${row.id}`,
      link: notificationLinks.myOffers,
      payload: {
        role: row.role,
        organizationName: row.organization_name,
        ctc: ctcWords(row),
        respondBy: `${respondBy.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      },
    },
  ]);
  if (warnings.length > 0 && opening.cycleId) {
    await notifyGroup(
      tx,
      cellRecipients(opening.cycleId),
      'offer.policyWarning',
      `offer.policyWarning:${row.id}`,
      notificationLinks.cycleOffers(opening.cycleId),
      {
        organizationName: row.organization_name,
        role: row.role,
        candidateName: row.individual_name ?? '',
        cycleName,
        warnings: warnings.map((warning) => `${warning.label}: ${warning.message}`).join(' '),
      },
    );
  }
  return row;
}

/** The company's own offer, locked, with the opening authorized for moving candidates. */
export async function loadCompanyOffer(tx: Executor, actor: Actor, access: OrganizationAccess, offerId: string) {
  const row = await offerById(tx, offerId, true);
  if (!row || Number(row.organization_id) !== access.organizationId) throw errors.notFound('That offer');
  await loadOrganizationOpening(tx, actor, access, row.opening_id, 'stage.move');
  return row;
}

/** The student's own offer, locked. */
export async function loadStudentOffer(tx: Executor, actor: Actor, offerId: string) {
  const row = await offerById(tx, offerId, true);
  if (!row || Number(row.individual_id) !== actor.user.id) throw errors.notFound('That offer');
  return row;
}

async function setStatus(tx: Executor, row: OfferRow, status: OfferState, reason: string | null) {
  await tx.execute(sql`update offers set status = ${status}, status_reason = ${reason}, decided_at = now(),
    updated_at = now() where id = ${row.id}::uuid`);
}

/** The placement entry an accepted offer writes: the organization vouches for it (the student cannot edit it). */
async function writePlacementEntry(tx: Executor, row: OfferRow) {
  const month = day(row.joining_date)?.slice(0, 7) ?? new Date().toISOString().slice(0, 7);
  await tx.execute(sql`insert into placement_entries (user_id, organization, role, offer_kind, compensation,
      currency, month, status, offer_id, verified_by_organization_id)
    values (${Number(row.individual_id)}, ${row.organization_name.slice(0, 200) || 'Organization'}, ${row.role},
      ${row.kind}, ${Number(row.ctc_amount)}, ${row.ctc_currency}, ${month}, 'accepted', ${row.id}::uuid,
      ${Number(row.organization_id)})
    on conflict (offer_id) do nothing`);
}

const removePlacementEntry = (tx: Executor, row: OfferRow) =>
  tx.execute(sql`delete from placement_entries where offer_id = ${row.id}::uuid`);

/** Sets the student's status in the cycle (never over a debarment the cell made). */
async function setEnrolmentStatus(
  tx: Executor,
  row: OfferRow,
  status: 'available' | 'placed' | 'debarred',
  reason: string | null = null,
) {
  if (!row.cycle_id) return;
  await tx.execute(sql`update cycle_enrolments set status = ${status},
      debarred_reason = ${status === 'debarred' ? reason : null}, updated_at = now()
    where cycle_id = ${row.cycle_id}::uuid and user_id = ${Number(row.individual_id)}
      and status in ('available', 'placed')`);
}

/** The student accepts or declines before the deadline. Accepting is judged by the policy (a refusal is a 403). */
export async function respondToOffer(
  tx: Executor,
  actor: Actor,
  input: { offerId: string; decision: 'accept' | 'decline'; reason: string | null },
  now = new Date(),
): Promise<OfferRow> {
  const row = await loadStudentOffer(tx, actor, input.offerId);
  const status = effectiveStatus(row, now);
  if (status === 'lapsed') throw errors.conflict(OFFER_MESSAGES.lapsed);
  if (status !== 'pending') throw errors.conflict(OFFER_MESSAGES.notPending);
  if (input.decision === 'accept') {
    if (row.cycle_id) {
      const loaded = await loadPolicyFacts(tx, {
        cycleId: row.cycle_id,
        userId: actor.user.id,
        openingId: row.opening_id,
        lock: true,
        excludeOfferId: row.id,
      });
      if (loaded?.facts) {
        const { refusals } = judgePolicy(loaded, {
          moment: 'accept',
          openingId: row.opening_id,
          ctc: { amount: Number(row.ctc_amount), currency: row.ctc_currency, period: row.ctc_period },
        });
        if (refusals.length > 0) {
          throw errors.forbidden(
            `The placement cycle's policy does not let you accept this offer. ${refusals.map((r) => `${r.label}: ${r.message}`).join(' ')}`,
          );
        }
      }
    }
    await setStatus(tx, row, 'accepted', null);
    await writePlacementEntry(tx, row);
    await setEnrolmentStatus(tx, row, 'placed');
  } else {
    await setStatus(tx, row, 'declined', input.reason);
  }
  const next = input.decision === 'accept' ? 'accepted' : 'declined';
  await tellCompanyAndCell(tx, row, next, input.reason);
  return (await offerById(tx, row.id)) ?? row;
}

/** After an accepted offer ends (reneged, rescinded): the student's status as the policy's offerOutcomes rule says. */
async function statusAfterEnding(tx: Executor, row: OfferRow, how: 'reneged' | 'rescinded') {
  if (!row.cycle_id) return;
  const loaded = await loadPolicyFacts(tx, {
    cycleId: row.cycle_id,
    userId: Number(row.individual_id),
    openingId: row.opening_id,
    lock: true,
    excludeOfferId: row.id,
  });
  if (!loaded?.facts) return;
  const outcomes = loaded.cycle.rules.find((rule) => rule.kind === 'offerOutcomes');
  const params = outcomes?.kind === 'offerOutcomes' ? outcomes.params : { onRenege: 'release', onRescind: 'release' };
  const stillPlaced = loaded.facts.offers.some((offer) => offer.status === 'accepted');
  const outcome = how === 'reneged' ? params.onRenege : params.onRescind;
  if (outcome === 'debar') {
    await setEnrolmentStatus(tx, row, 'debarred', `Reneged on an accepted offer from ${row.organization_name}.`);
  } else if (outcome === 'release' && !stillPlaced) {
    await setEnrolmentStatus(tx, row, 'available');
  }
}

/** The student goes back on an offer they accepted, with a reason. */
export async function renegeOffer(tx: Executor, actor: Actor, input: { offerId: string; reason: string }) {
  const row = await loadStudentOffer(tx, actor, input.offerId);
  if (row.status !== 'accepted') throw errors.conflict(OFFER_MESSAGES.notAccepted);
  await setStatus(tx, row, 'reneged', input.reason);
  await removePlacementEntry(tx, row);
  await statusAfterEnding(tx, row, 'reneged');
  await tellCompanyAndCell(tx, row, 'reneged', input.reason);
  return (await offerById(tx, row.id)) ?? row;
}

/** The company withdraws an offer still waiting for an answer, with a reason. */
export async function withdrawOffer(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  input: { offerId: string; reason: string },
  now = new Date(),
) {
  const row = await loadCompanyOffer(tx, actor, access, input.offerId);
  if (effectiveStatus(row, now) !== 'pending') throw errors.conflict(OFFER_MESSAGES.notPending);
  await setStatus(tx, row, 'withdrawn', input.reason);
  await recordAudit(tx, access.organizationId, actor.user.id, {
    kind: 'offer.withdrawn',
    openingId: row.opening_id,
    applicationId: row.application_id,
    details: { role: row.role, reason: input.reason },
  });
  await tellStudent(tx, row, 'withdrawn', input.reason);
  return (await offerById(tx, row.id)) ?? row;
}

/** The company rescinds an offer the student accepted, with a reason: the placement entry goes with it. */
export async function rescindOffer(
  tx: Executor,
  actor: Actor,
  access: OrganizationAccess,
  input: { offerId: string; reason: string },
) {
  const row = await loadCompanyOffer(tx, actor, access, input.offerId);
  if (row.status !== 'accepted') throw errors.conflict(OFFER_MESSAGES.notAccepted);
  await setStatus(tx, row, 'rescinded', input.reason);
  await removePlacementEntry(tx, row);
  await statusAfterEnding(tx, row, 'rescinded');
  await recordAudit(tx, access.organizationId, actor.user.id, {
    kind: 'offer.rescinded',
    openingId: row.opening_id,
    applicationId: row.application_id,
    details: { role: row.role, reason: input.reason },
  });
  await tellStudent(tx, row, 'rescinded', input.reason);
  if (row.cycle_id) {
    await notifyGroup(
      tx,
      cellRecipients(row.cycle_id),
      'offer.answered',
      `offer.rescinded:${row.id}:cell`,
      notificationLinks.cycleOffers(row.cycle_id),
      {
        candidateName: row.individual_name ?? '',
        role: row.role,
        organizationName: row.organization_name,
        statusLabel: OFFER_STATE_LABELS.rescinded,
        reason: input.reason,
      },
    );
  }
  return (await offerById(tx, row.id)) ?? row;
}

/**
 * Marks pending offers past their deadline as lapsed and tells the student, the company and the cell. Reads see a
 * lapsed offer as lapsed before this runs (effectiveStatus); the job (services/notifications/queue.ts, every
 * minute) makes it so in the table and sends the news. Each offer is claimed by a conditional update, so two processes
 * never both tell it.
 */
export async function lapseOverdueOffers(db: Executor, now = new Date()): Promise<number> {
  const due = await rowsOf<{ id: string }>(
    db,
    sql`select id from offers where status = 'pending' and respond_by <= ${now.toISOString()}::timestamptz
      order by respond_by limit 200`,
  );
  let lapsed = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await rowsOf<{ id: string }>(
        tx,
        sql`update offers set status = 'lapsed', decided_at = now(), updated_at = now()
          where id = ${id}::uuid and status = 'pending' and respond_by <= ${now.toISOString()}::timestamptz
          returning id`,
      );
      if (!claimed) return;
      const row = await offerById(tx, id);
      if (!row) return;
      await tellStudent(tx, row, 'lapsed', null);
      await tellCompanyAndCell(tx, row, 'lapsed', null);
      lapsed += 1;
    });
  }
  return lapsed;
}
