import type {
  Answers,
  Application,
  MyApplication,
  ReceivedApplication,
  VerifiedAnswers,
  VerifiedRecord,
} from '@placely/contract';
import type { InferSelectModel } from 'drizzle-orm';
import type { applications } from '../db/schema';

export type ApplicationRow = InferSelectModel<typeof applications>;
/** The columns an organization's view of an application is made from. */
export type ReceivedApplicationRow = Pick<
  ApplicationRow,
  'id' | 'applicantId' | 'formVersion' | 'answers' | 'status' | 'stageId' | 'revision' | 'submittedAt' | 'updatedAt'
>;

/** The applicant's view of their own application. */
export function presentApplication(
  row: ApplicationRow,
  canEdit: boolean,
  verifiedAnswers: VerifiedAnswers = {},
): Application {
  return {
    id: row.id,
    openingId: row.openingId,
    formVersion: row.formVersion,
    answers: row.answers,
    verifiedAnswers,
    status: row.status,
    revision: row.revision,
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit,
  };
}

/** A row of the applicant's /forms list. */
export function presentMyApplication(
  row: ApplicationRow,
  opening: { title: string; organizationName: string | null },
  canEdit: boolean,
  stageLabel: string | null = null,
): MyApplication {
  return {
    id: row.id,
    openingId: row.openingId,
    openingTitle: opening.title,
    organizationName: opening.organizationName,
    status: row.status,
    stageLabel,
    revision: row.revision,
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit,
  };
}

/** The organization's view of an application to one of its openings. */
export function presentReceivedApplication(
  row: ReceivedApplicationRow,
  applicant: { id: number; name: string | null; email: string | null },
  verification: { verifiedAnswers: VerifiedAnswers; verifiedRecords: VerifiedRecord[] },
  facts: Pick<ReceivedApplication, 'grade' | 'gradeScale' | 'graduationYear' | 'factsVerified' | 'score'>,
): ReceivedApplication {
  return {
    id: row.id,
    applicant: { id: applicant.id, name: applicant.name, email: applicant.email },
    formVersion: row.formVersion,
    answers: row.answers as Answers,
    verifiedAnswers: verification.verifiedAnswers,
    verifiedRecords: verification.verifiedRecords,
    status: row.status,
    // Never null once inserted (check applications_stage_set); the type comes from the nullable insert shape.
    stageId: row.stageId ?? '',
    score: facts.score,
    grade: facts.grade,
    gradeScale: facts.gradeScale,
    graduationYear: facts.graduationYear,
    factsVerified: facts.factsVerified,
    revision: row.revision,
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
