import type { StudentCycleView } from '@placely/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  cycleEnrolments,
  cycleOpenings,
  institutions,
  openings,
  organizationProfiles,
  placementCycles,
  users,
} from '../../db/schema';
import { type EligibilityFacts, failedEligibilityRules } from '../applications/eligibility';
import { candidateStageLabels } from '../shortlisting/labels';
import { organizationNameSql } from './companies';
import type { CycleRow } from './cycles';
import { type EnrolmentView, presentEnrolment } from './enrolment';
import { offersOfStudent, presentOffer } from './offers';
import { policyRulesOf, ruleViewsOf } from './policy';

/** What a student-view section gets: the cycle, the student's enrolment, and their id. */
export interface StudentCycleContext {
  cycle: CycleRow;
  enrolment: EnrolmentView;
  userId: number;
}

/**
 * The extension point of the student's cycle page: each later part of the season (offers, notices…) adds ONE entry
 * here — its key in `sections` of GET /api/placement/my/cycles/id and a function reading it for the student — and
 * declares the section's shape in the contract next to studentCycleViewSchema.
 */
export const STUDENT_CYCLE_SECTIONS: Record<string, (db: Executor, context: StudentCycleContext) => Promise<unknown>> =
  {
    // Policy and offers (services/placement/policy.ts, offers.ts): the cycle's rules in words (contract
    // PolicyRuleView[]) and the student's offers in it (contract Offer[]).
    policy: async (_db, { cycle }) => ruleViewsOf(policyRulesOf(cycle.policy)),
    offers: async (db, { cycle, userId }) =>
      (await offersOfStudent(db, userId))
        .filter((row) => row.cycle_id === cycle.id)
        .map((row) => presentOffer(row, 'student')),
  };

/** The student's cycle rows with the institution's name (newest first). */
export async function studentCyclesOf(db: Executor, userId: number) {
  return db
    .select({ cycle: placementCycles, institutionName: institutions.name, enrolment: cycleEnrolments })
    .from(cycleEnrolments)
    .innerJoin(placementCycles, eq(placementCycles.id, cycleEnrolments.cycleId))
    .innerJoin(institutions, eq(institutions.id, placementCycles.institutionId))
    .where(and(eq(cycleEnrolments.userId, userId), sql`${placementCycles.status} <> 'draft'`))
    .orderBy(sql`${placementCycles.createdAt} desc`, placementCycles.id);
}

export function presentStudentCycle(cycle: CycleRow, institutionName: string, enrolment: EnrolmentView) {
  return {
    cycleId: cycle.id,
    name: cycle.name,
    kind: cycle.kind,
    institutionName,
    startsOn: cycle.startsOn,
    endsOn: cycle.endsOn,
    cycleStatus: cycle.status,
    enrolment: presentEnrolment(enrolment),
  };
}

/**
 * One cycle for its enrolled student: the approved, open openings (with the opening's own eligibility judged on
 * their facts and whether they applied), their applications to the cycle's openings with the stage they are in,
 * and their correction requests; then every registered section.
 */
export async function studentCycleView(
  db: Executor,
  context: StudentCycleContext & { institutionName: string; facts: EligibilityFacts | null },
  corrections: StudentCycleView['corrections'],
): Promise<StudentCycleView> {
  const { cycle, userId } = context;
  const openingRows = await db
    .select({
      opening: openings,
      cycleOpening: cycleOpenings,
      organizationName: organizationNameSql,
      applied: sql<boolean>`exists(select 1 from applications a where a.opening_id = ${openings.id}
        and a.applicant_id = ${userId} and a.status <> 'withdrawn')`,
    })
    .from(cycleOpenings)
    .innerJoin(openings, eq(openings.id, cycleOpenings.openingId))
    .innerJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(
      and(
        eq(cycleOpenings.cycleId, cycle.id),
        eq(cycleOpenings.status, 'approved'),
        eq(openings.status, 'open'),
        isNull(openings.deletedAt),
        sql`${openings.deadline} > now()`,
      ),
    )
    .orderBy(asc(openings.deadline), asc(openings.id));
  const applicationRows = await db
    .select({ application: applications, title: openings.title, organizationName: organizationNameSql })
    .from(applications)
    .innerJoin(openings, eq(openings.id, applications.openingId))
    .innerJoin(users, eq(users.id, openings.organizationId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
    .where(and(eq(applications.applicantId, userId), eq(openings.cycleId, cycle.id)))
    .orderBy(sql`${applications.submittedAt} desc`, applications.id);
  const stages = await candidateStageLabels(
    db,
    applicationRows.map((row) => row.application.id),
  );
  const sections: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(STUDENT_CYCLE_SECTIONS)) sections[key] = await read(db, context);
  return {
    cycle: presentStudentCycle(cycle, context.institutionName, context.enrolment),
    openings: openingRows.map((row) => ({
      openingId: row.opening.id,
      title: row.opening.title,
      organizationName: row.organizationName,
      deadline: row.opening.deadline.toISOString(),
      ctcAmount: Number(row.cycleOpening.ctcAmount),
      ctcCurrency: row.cycleOpening.ctcCurrency,
      ctcPeriod: row.cycleOpening.ctcPeriod,
      eligible: context.facts ? failedEligibilityRules(row.opening.eligibility, context.facts).length === 0 : null,
      applied: Boolean(row.applied),
    })),
    applications: applicationRows.map((row) => ({
      applicationId: row.application.id,
      openingId: row.application.openingId,
      title: row.title,
      organizationName: row.organizationName,
      status: row.application.status,
      stage: stages.get(row.application.id) ?? null,
      submittedAt: row.application.submittedAt.toISOString(),
    })),
    corrections,
    sections,
  };
}
