import type { AutoFillData, EnrolmentStatus } from '@placely/contract';
import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromFirstRead, signedInColumns, type UserRow } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { individualProfiles, openings, users } from '../../db/schema';
import { readAutoFillData } from '../autofill';
import { verifiedEducationFactsSql } from '../verification';
import type { EligibilityFacts } from './eligibility';
import { type ApplicantData, type ApplicantDataParts, applicantDataOf } from './prefill';

/**
 * What apply decides on about the person, from columns of a read that starts from their user row
 * (`applicantFactColumns`): their auto-fill data, groups, their main education's verified values, and whether any
 * verification of theirs could give a badge.
 */
export interface ApplicantFacts {
  data: ApplicantData;
  memberGroupIds: string[];
  /** The verified values of their main education (`verifiedEducationFactsSql`), null without a badge on it. */
  verifiedData: AutoFillData | null;
  /** A live (not voided) verification decision exists on some record of the person: badges must be looked up. */
  hasVerifications: boolean;
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
  verifiedEducation: verifiedEducationFactsSql(users.id),
  hasVerifications: sql<boolean>`exists(select 1 from record_verifications rv
    where rv.subject_user_id = ${users.id} and rv.voided_at is null)`,
};

/**
 * Where the viewer stands with an opening's placement cycle, as ONE column of a read that has `openings` (and the
 * person's id): null outside a cycle (nothing looked up); 'unapproved' until the cell approves the opening; else the
 * viewer's enrolment status there, 'none' when not enrolled (or signed out: `userId` null). The form view and the
 * submit keep their single statement.
 */
export type CycleGate = null | 'unapproved' | 'none' | EnrolmentStatus;
export function cycleGateSql(userId: AnyColumn | null) {
  const enrolment = userId
    ? sql`coalesce((select e.status from cycle_enrolments e where e.cycle_id = ${openings.cycleId}
        and e.user_id = ${userId}), 'none')`
    : sql`'none'`;
  return sql<CycleGate>`case when ${openings.cycleId} is null then null
    when not exists(select 1 from cycle_openings co where co.opening_id = ${openings.id} and co.status = 'approved')
      then 'unapproved'
    else ${enrolment} end`;
}

/** The apply blocker's view of a cycle gate: the enrolment status, null when not enrolled. */
export const cycleEnrolmentOf = (gate: CycleGate): EnrolmentStatus | null =>
  gate === null || gate === 'unapproved' || gate === 'none' ? null : gate;

/** A row's `applicantFactColumns`, as the driver gives them. */
interface ApplicantFactRow extends ApplicantDataParts {
  memberGroupIds: string[];
  verifiedEducation: Record<string, unknown> | null;
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
    verifiedData: row.verifiedEducation ? readAutoFillData(row.verifiedEducation) : null,
    hasVerifications: row.hasVerifications,
  };
}

/** The eligibility facts from the applicant's facts: all read by the one statement, no further lookup. */
export function eligibilityFactsOf(facts: ApplicantFacts): EligibilityFacts {
  return { data: facts.data.values, memberGroupIds: facts.memberGroupIds, verifiedData: facts.verifiedData };
}

/**
 * The signed-in caller and their applicant facts in one read (`authenticate.optionallyInFirstRead`): no token, no
 * caller; an ended session, a 401. For the pages that judge eligibility or fill answers for whoever is signed in.
 */
export function createSignedInApplicantQuery(db: Database) {
  const read = db
    .select({ ...signedInColumns, ...applicantFactColumns })
    .from(users)
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('signed_in_applicant');
  return async function loadSignedInApplicant(
    request: FastifyRequest,
    publicUrl: string,
  ): Promise<{ actor: Actor; facts: ApplicantFacts } | null> {
    const claims = request.accessClaims;
    if (!claims) return null;
    const [found] = await read.execute({ userId: claims.userId, sessionId: claims.sessionId });
    const { actor, row } = actorFromFirstRead(request, found);
    return { actor, facts: applicantFactsOf(actor.user, publicUrl, row) };
  };
}
