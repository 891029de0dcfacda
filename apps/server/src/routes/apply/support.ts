// What the apply routes share: loading an opening and its form, the applicant's own application, files, learning.
import {
  type Answers,
  APPLY_BLOCKER_MESSAGES,
  type ApplyBlocker,
  autoFillDataSchema,
  type FormDefinition,
} from '@placely/contract';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { applicationFiles, applications, groups, openingFormVersions, openings } from '../../db/schema';
import { type AppError, errors } from '../../errors';
import { type ApplicationRow, presentApplication } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import { fileIdsIn } from '../../services/applications/answers';
import { isPastDeadline } from '../../services/applications/blockers';
import { autoFillPatchFromAnswers } from '../../services/applications/prefill';
import {
  type ApplicantVerification,
  loadApplicantVerifications,
  verifiedAnswersFor,
} from '../../services/applications/verified';
import { mergeAutoFillData } from '../../services/autofill';
import { candidateStageLabels } from '../../services/shortlisting/labels';

/** Only completed applications count toward an opening's response cap. */
export const completed = ne(applications.status, 'withdrawn');

/** An application may change while its opening takes applications and nobody has decided on it yet. */
export function canEditApplication(application: ApplicationRow, opening: OpeningRow, now = new Date()): boolean {
  return (
    opening.deletedAt === null &&
    opening.status === 'open' &&
    !isPastDeadline(opening, now) &&
    application.status === 'submitted'
  );
}

export async function loadOpening(db: Executor, id: string, lock = false) {
  const query = db.select().from(openings).where(eq(openings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function loadForm(db: Executor, opening: OpeningRow): Promise<FormDefinition | null> {
  if (opening.currentFormVersion === null) return null;
  const [form] = await db
    .select({ definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(
      and(eq(openingFormVersions.openingId, opening.id), eq(openingFormVersions.version, opening.currentFormVersion)),
    );
  return form?.definition ?? null;
}

export async function formOfVersion(
  db: Executor,
  openingId: string,
  version: number,
): Promise<FormDefinition | undefined> {
  const [form] = await db
    .select({ definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(and(eq(openingFormVersions.openingId, openingId), eq(openingFormVersions.version, version)));
  return form?.definition;
}

/**
 * The person's own application as they see it, with the answers their verified education backs. A caller that has
 * read the opening's current form, or knows the person has no live verification decision, says so in `known`, and
 * that read is skipped.
 */
export async function presentOwnApplication(
  db: Executor,
  application: ApplicationRow,
  opening: OpeningRow,
  known: { currentForm?: FormDefinition | null; hasVerifications?: boolean } = {},
) {
  const { currentForm, hasVerifications } = known;
  const [definition, verifications] = await readTogether(db, [
    () =>
      currentForm !== undefined && application.formVersion === opening.currentFormVersion
        ? Promise.resolve(currentForm ?? undefined)
        : formOfVersion(db, opening.id, application.formVersion),
    () =>
      hasVerifications === false
        ? Promise.resolve(new Map<number, ApplicantVerification>())
        : loadApplicantVerifications(db, [application.applicantId]),
  ]);
  return presentApplication(
    application,
    canEditApplication(application, opening),
    verifiedAnswersFor(definition, application.answers, verifications.get(application.applicantId)),
  );
}

/** Names of the live groups a group-only opening admits (for "join the group" links). */
export async function eligibilityGroupsOf(db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(inArray(groups.id, groupIds), isNull(groups.deletedAt)))
    .orderBy(asc(groups.name));
}

export async function completedCount(db: Executor, openingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.openingId, openingId), completed));
  return Number(row?.n ?? 0);
}

/** The API error for a blocker: what is not there is 404, what the person is not allowed 403, the rest 409. */
export function blockerError(blocker: ApplyBlocker, detail?: string): AppError {
  const message = detail ? `${APPLY_BLOCKER_MESSAGES[blocker]} ${detail}` : APPLY_BLOCKER_MESSAGES[blocker];
  if (blocker === 'notFound' || blocker === 'draft') return errors.notFound('That opening');
  if (
    blocker === 'notEligible' ||
    blocker === 'notIndividual' ||
    blocker === 'notInCycle' ||
    blocker === 'cycleDebarred' ||
    blocker === 'cycleOptedOut'
  ) {
    return errors.forbidden(message);
  }
  return errors.conflict(message);
}

/** Links each file an application's answers refer to, so the organization may read exactly those. */
export async function attachFiles(db: Executor, applicationId: string, answers: Answers) {
  const ids = fileIdsIn(answers);
  if (ids.length === 0) return;
  await db
    .insert(applicationFiles)
    .values(ids.map((fileId) => ({ applicationId, fileId })))
    .onConflictDoNothing();
}

/** What keyed answers say that the person's auto-fill data can keep, so their next form fills itself. */
export function learnedFromAnswers(definition: FormDefinition, answers: Answers) {
  return Object.fromEntries(
    Object.entries(autoFillPatchFromAnswers(definition, answers)).filter(
      ([key, value]) => autoFillDataSchema.safeParse({ [key]: value }).success,
    ),
  );
}

/** Saves what keyed answers say into the person's auto-fill data. */
export async function learnFromAnswers(db: Executor, userId: number, definition: FormDefinition, answers: Answers) {
  const patch = learnedFromAnswers(definition, answers);
  if (Object.keys(patch).length > 0) await mergeAutoFillData(db, userId, patch);
}

/** What the applicant is shown of their application's stage (null while it shows nothing). */
export async function stageLabelOf(db: Executor, applicationId: string) {
  return (await candidateStageLabels(db, [applicationId])).get(applicationId) ?? null;
}
