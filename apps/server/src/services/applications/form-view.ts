import type { Answers, FormDefinition } from '@placely/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type Actor, actorFromFirstRead, signedInColumns } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { rowOf } from '../../db/prepared';
import { applications, individualProfiles, openings, organizationProfiles, users } from '../../db/schema';
import type { ApplicationRow } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import {
  type ApplicantFacts,
  applicantFactColumns,
  applicantFactsOf,
  type CycleGate,
  cycleGateSql,
} from './applicant-facts';

/**
 * What the public form page shows, read in one statement: the opening with its organization's name, logo and
 * website, its current form and (only when it has a response cap) how many live applications count against it. A
 * signed-in caller's read adds their session check, their application and draft for this opening, and the facts
 * their auto-fill and eligibility come from (`applicantFactColumns`, as a submit reads them).
 */
export interface FormView {
  opening: OpeningRow;
  organization: { name: string | null; logoUrl: string | null; website: string | null };
  form: FormDefinition | null;
  /** Live applications of a capped opening (0 without a cap: nothing is counted). */
  completedCount: number;
  /** The viewer and the opening's placement cycle (`cycleGateSql`); null outside a cycle. */
  cycleGate: CycleGate;
  application: ApplicationRow | null;
  draft: { answers: Answers; updatedAt: Date } | null;
  applicant: ApplicantFacts | null;
}

const organizationUsers = alias(users, 'organization_user');

const openingColumns = {
  opening: openings,
  organizationName: sql<string | null>`coalesce(${organizationProfiles.name}, ${organizationUsers.name})`,
  logo: organizationProfiles.logo,
  website: organizationProfiles.website,
  form: sql<FormDefinition | null>`(select v.definition from opening_form_versions v
    where v.opening_id = ${openings.id} and v.version = ${openings.currentFormVersion})`,
  completedCount: sql<number>`case when ${openings.responseCap} is null then 0 else (select count(*)::int
    from applications a where a.opening_id = ${openings.id} and a.status <> 'withdrawn') end`,
};

export function createFormViewQueries(db: Database) {
  const publicView = db
    .select({ ...openingColumns, cycleGate: cycleGateSql(null) })
    .from(openings)
    .innerJoin(organizationUsers, eq(organizationUsers.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(and(eq(openings.id, sql.placeholder('openingId')), isNull(openings.deletedAt)))
    .prepare('apply_form_public');

  const viewerView = db
    .select({
      ...signedInColumns,
      ...openingColumns,
      ...applicantFactColumns,
      application: sql<Record<string, unknown> | null>`(select to_json(a) from applications a
        where a.opening_id = ${openings.id} and a.applicant_id = ${users.id})`,
      draft: sql<{ answers: Answers; updatedAt: string } | null>`(select json_build_object('answers', d.answers,
        'updatedAt', d.updated_at) from application_drafts d where d.opening_id = ${openings.id} and d.user_id = ${users.id})`,
      cycleGate: cycleGateSql(users.id),
    })
    .from(users)
    .leftJoin(openings, and(eq(openings.id, sql.placeholder('openingId')), isNull(openings.deletedAt)))
    .leftJoin(organizationUsers, eq(organizationUsers.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('apply_form_viewer');

  /**
   * The form's view and its caller: signed out (no token, `authenticate.optionallyInFirstRead`) the public read;
   * signed in, the viewer's read, whose session check gives the actor or a 401. No view: no such live opening.
   */
  async function loadFormView(
    request: FastifyRequest,
    openingId: string,
    publicUrl: string,
  ): Promise<{ actor: Actor | null; view: FormView | null }> {
    const claims = request.accessClaims;
    if (!claims) {
      const [row] = await publicView.execute({ openingId });
      if (!row) return { actor: null, view: null };
      return {
        actor: null,
        view: { ...viewOf(row), cycleGate: row.cycleGate ?? null, application: null, draft: null, applicant: null },
      };
    }
    const [found] = await viewerView.execute({ userId: claims.userId, sessionId: claims.sessionId, openingId });
    const { actor, row } = actorFromFirstRead(request, found);
    const { opening } = row;
    if (!opening) return { actor, view: null };
    return {
      actor,
      view: {
        ...viewOf({ ...row, opening }),
        cycleGate: row.cycleGate ?? null,
        application: row.application ? rowOf(applications, row.application) : null,
        draft: row.draft ? { answers: row.draft.answers, updatedAt: new Date(row.draft.updatedAt) } : null,
        applicant: applicantFactsOf(actor.user, publicUrl, row),
      },
    };
  }
  return { loadFormView };
}

function viewOf(row: {
  opening: OpeningRow;
  organizationName: string | null;
  logo: string | null;
  website: string | null;
  form: FormDefinition | null;
  completedCount: number;
}) {
  return {
    opening: row.opening,
    organization: { name: row.organizationName, logoUrl: row.logo, website: row.website },
    form: row.form,
    completedCount: Number(row.completedCount),
  };
}
