import type { Answers, FormDefinition } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromFirstRead, claimsOf, signedInColumns, type UserRow } from '../../auth/authenticate';
import type { Database, Executor } from '../../db/client';
import { preparedStatement, rowOf } from '../../db/prepared';
import { applications, individualProfiles, openings, users } from '../../db/schema';
import type { ApplicationRow } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import { applicationSubmittedCtes } from '../notifications';
import { badgeKey, verificationBadgesFor } from '../verification';
import type { EligibilityFacts } from './eligibility';
import { type ApplicantData, type ApplicantDataParts, applicantDataOf } from './prefill';

/**
 * What apply decides on about the person, from columns of a read that starts from their user row
 * (`applicantFactColumns`): their auto-fill data, groups and main education, and whether any verification of theirs
 * could give a badge.
 */
export interface ApplicantFacts {
  data: ApplicantData;
  memberGroupIds: string[];
  mainEducationId: string | null;
  /** A live (not voided) verification decision exists on some record of the person: badges must be looked up. */
  hasVerifications: boolean;
}

/**
 * Everything a submit decides on, read in one statement (one round trip, planned once per connection): the opening
 * and its current form, whether the idempotency key or an application of this person exists, and the applicant's facts.
 */
export interface SubmitFacts extends ApplicantFacts {
  opening: OpeningRow | null;
  form: FormDefinition | null;
  keyUsed: boolean;
  hasApplied: boolean;
}

/**
 * The applicant's facts as columns of a read from `users` joined to `individual_profiles` (the submit's facts and
 * the form's view): one subquery each, by the person's id.
 */
export const applicantFactColumns = {
  profile: {
    name: individualProfiles.name,
    location: individualProfiles.location,
    headline: individualProfiles.headline,
    about: individualProfiles.about,
    linkedin: individualProfiles.linkedin,
    github: individualProfiles.github,
    website: individualProfiles.website,
  },
  stored: sql<unknown>`(select d.data from auto_fill_data d where d.user_id = ${users.id})`,
  phone: sql<string | null>`(select p.number from phone_numbers p where p.user_id = ${users.id} and p.is_deleted = false
    order by p.is_primary desc, p.is_verified desc, p.created_at asc limit 1)`,
  portfolioPublicId: sql<string | null>`(select p.public_id from portfolios p
    where p.user_id = ${users.id} and p.visibility = 'public' order by p.created_at asc limit 1)`,
  resume: sql<{ id: string; name: string; size: number; contentType: string | null } | null>`(
    select jsonb_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType', f.content_type)
    from resumes r join files f on f.id = r.file_id
    where r.user_id = ${users.id} and r.is_default = true and f.status = 'ready' limit 1)`,
  memberGroupIds: sql<string[]>`coalesce((select jsonb_agg(m.group_id) from group_members m
    join groups g on g.id = m.group_id and g.deleted_at is null
    where m.user_id = ${users.id} and m.state = 'member'), '[]'::jsonb)`,
  mainEducationId: sql<string | null>`(select e.id from education_entries e where e.user_id = ${users.id}
    order by e.is_current desc, e.end_month desc nulls last, e.created_at desc limit 1)`,
  hasVerifications: sql<boolean>`exists(select 1 from record_verifications rv
    where rv.subject_user_id = ${users.id} and rv.voided_at is null)`,
};

/** A row's `applicantFactColumns`, as the driver gives them. */
interface ApplicantFactRow extends ApplicantDataParts {
  memberGroupIds: string[];
  mainEducationId: string | null;
  hasVerifications: boolean;
}

/** The applicant's facts from a row of `applicantFactColumns`. */
export function applicantFactsOf(user: UserRow, publicUrl: string, row: ApplicantFactRow): ApplicantFacts {
  return {
    data: applicantDataOf(user, publicUrl, {
      stored: row.stored,
      profile: row.profile,
      phone: row.phone,
      portfolioPublicId: row.portfolioPublicId,
      resume: row.resume,
    }),
    memberGroupIds: row.memberGroupIds.map(String),
    mainEducationId: row.mainEducationId,
    hasVerifications: row.hasVerifications,
  };
}

export function createSubmitQueries(db: Database) {
  const factsQuery = db
    .select({
      ...signedInColumns,
      opening: openings,
      form: sql<FormDefinition | null>`(select v.definition from opening_form_versions v
        where v.opening_id = ${openings.id} and v.version = ${openings.currentFormVersion})`,
      keyUsed: sql<boolean>`exists(select 1 from applications a where a.idempotency_key = ${sql.placeholder('idempotencyKey')})`,
      hasApplied: sql<boolean>`exists(select 1 from applications a
        where a.opening_id = ${openings.id} and a.applicant_id = ${users.id})`,
      ...applicantFactColumns,
    })
    .from(users)
    .leftJoin(openings, eq(openings.id, sql.placeholder('openingId')))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('apply_submit_facts');

  /** The facts and the caller, whose session check rides in the same read (`authenticateInFirstRead`). */
  async function loadSubmitFacts(
    request: FastifyRequest,
    openingId: string,
    idempotencyKey: string,
    publicUrl: string,
  ): Promise<{ actor: Actor; facts: SubmitFacts }> {
    const { userId, sessionId } = claimsOf(request);
    const [found] = await factsQuery.execute({ userId, sessionId, openingId, idempotencyKey });
    const { actor, row } = actorFromFirstRead(request, found);
    const facts: SubmitFacts = {
      opening: row.opening,
      form: row.opening ? row.form : null,
      keyUsed: row.keyUsed,
      hasApplied: row.hasApplied,
      ...applicantFactsOf(actor.user, publicUrl, row),
    };
    return { actor, facts };
  }
  return { loadSubmitFacts };
}

/**
 * The eligibility facts from the applicant's facts. The badge lookup runs only when the opening asks for verified
 * education and the person has a live verification decision: without one there is no badge to find.
 */
export async function eligibilityFactsOf(
  db: Executor,
  userId: number,
  facts: ApplicantFacts,
  verifiedEducationOnly: boolean,
): Promise<EligibilityFacts> {
  let verifiedEducation = false;
  if (verifiedEducationOnly && facts.hasVerifications && facts.mainEducationId) {
    const badges = await verificationBadgesFor(db, [userId], { kinds: ['education'] });
    verifiedEducation = badges.has(badgeKey('education', facts.mainEducationId));
  }
  return { data: facts.data.values, memberGroupIds: facts.memberGroupIds, verifiedEducation };
}

/**
 * Every write of a submit in one statement, atomic on its own: the application, revision 1, the `submitted` event,
 * the links to attached files, the dropped draft, what the keyed answers teach the person's auto-fill data, and
 * the notifications it causes with their email outbox rows (services/notifications).
 * A unique violation (same person or same key) fails the whole statement, as it failed the transaction before.
 */
const submitWrites = preparedStatement(
  'apply_submit_writes',
  sql`with app as (
    insert into applications (opening_id, applicant_id, form_version, answers, idempotency_key)
    values (${sql.placeholder('openingId')}, ${sql.placeholder('userId')}, ${sql.placeholder('formVersion')},
            ${sql.placeholder('answers')}::jsonb, ${sql.placeholder('idempotencyKey')})
    returning *
  ), revision as (
    insert into application_revisions (application_id, revision, form_version, answers)
    select id, 1, form_version, answers from app
  ), event as (
    insert into application_events (application_id, from_status, to_status, actor_id)
    select id, null, 'submitted', applicant_id from app
  ), attached as (
    insert into application_files (application_id, file_id)
    select app.id, f.id::uuid from app, jsonb_array_elements_text(${sql.placeholder('fileIds')}::jsonb) as f(id)
    on conflict do nothing
  ), draft as (
    delete from application_drafts
    where opening_id = ${sql.placeholder('openingId')}::uuid and user_id = ${sql.placeholder('userId')}::bigint
  ), learned as (
    insert into auto_fill_data (user_id, data)
    select ${sql.placeholder('userId')}::bigint, ${sql.placeholder('learned')}::jsonb
    where ${sql.placeholder('learned')}::jsonb <> '{}'::jsonb
    on conflict (user_id) do update set data = auto_fill_data.data || excluded.data, updated_at = now()
  ), ${applicationSubmittedCtes()}
  select * from app`,
);

export async function insertApplication(
  db: Executor,
  input: {
    openingId: string;
    userId: number;
    formVersion: number;
    answers: Answers;
    idempotencyKey: string;
    fileIds: string[];
    learned: Record<string, unknown>;
  },
): Promise<ApplicationRow> {
  const [raw] = await submitWrites(db, {
    openingId: input.openingId,
    userId: input.userId,
    formVersion: input.formVersion,
    answers: JSON.stringify(input.answers),
    idempotencyKey: input.idempotencyKey,
    fileIds: JSON.stringify(input.fileIds),
    learned: JSON.stringify(input.learned),
  });
  if (!raw) throw new Error('insert returned nothing');
  return rowOf(applications, raw);
}
