import {
  type Answers,
  APPLY_BLOCKER_MESSAGES,
  type ApplyBlocker,
  autoFillDataSchema,
  describeEligibilityRule,
  type EligibilityRule,
  type FormDefinition,
  isOneClickForm,
  type PublicOpening,
} from '@placely/contract';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  applicationDrafts,
  applicationEvents,
  applicationFiles,
  applicationRevisions,
  applications,
  groups,
  openingFormVersions,
  openings,
  organizationProfiles,
  users,
} from '../../db/schema';
import { type AppError, errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { isIndividual } from '../../policies/individual';
import { type ApplicationRow, presentApplication, presentMyApplication } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import { fileIdsIn, validateAnswers, validateDraftAnswers, withStoredFiles } from '../../services/applications/answers';
import { applyBlocker, isPastDeadline } from '../../services/applications/blockers';
import { eligibilityOf, failedEligibilityRules, loadEligibilityFacts } from '../../services/applications/eligibility';
import { autoFillPatchFromAnswers, loadApplicantData, prefillAnswers } from '../../services/applications/prefill';
import { loadApplicantVerifications, verifiedAnswersFor } from '../../services/applications/verified';
import { mergeAutoFillData } from '../../services/autofill';
import { notifyApplicationSubmitted } from '../../services/notifications';
import {
  applySchema,
  deleteDraftSchema,
  editApplicationSchema,
  getApplyFormSchema,
  myApplicationsSchema,
  saveDraftSchema,
} from './schema';

/** Only completed applications count toward an opening's response cap. */
const completed = ne(applications.status, 'withdrawn');

/** An application may change while its opening takes applications and nobody has decided on it yet. */
export function canEditApplication(application: ApplicationRow, opening: OpeningRow, now = new Date()): boolean {
  return (
    opening.deletedAt === null &&
    opening.status === 'open' &&
    !isPastDeadline(opening, now) &&
    application.status === 'submitted'
  );
}

async function loadOpening(db: Executor, id: string, lock = false) {
  const query = db.select().from(openings).where(eq(openings.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function loadForm(db: Executor, opening: OpeningRow): Promise<FormDefinition | null> {
  if (opening.currentFormVersion === null) return null;
  const [form] = await db
    .select({ definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(
      and(eq(openingFormVersions.openingId, opening.id), eq(openingFormVersions.version, opening.currentFormVersion)),
    );
  return form?.definition ?? null;
}

async function formOfVersion(db: Executor, openingId: string, version: number): Promise<FormDefinition | undefined> {
  const [form] = await db
    .select({ definition: openingFormVersions.definition })
    .from(openingFormVersions)
    .where(and(eq(openingFormVersions.openingId, openingId), eq(openingFormVersions.version, version)));
  return form?.definition;
}

/** The person's own application as they see it, with the answers their verified education backs. */
async function presentOwnApplication(db: Executor, application: ApplicationRow, opening: OpeningRow) {
  const [definition, verifications] = await Promise.all([
    formOfVersion(db, opening.id, application.formVersion),
    loadApplicantVerifications(db, [application.applicantId]),
  ]);
  return presentApplication(
    application,
    canEditApplication(application, opening),
    verifiedAnswersFor(definition, application.answers, verifications.get(application.applicantId)),
  );
}

/** Names of the live groups a group-only opening admits (for "join the group" links). */
async function eligibilityGroupsOf(db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(inArray(groups.id, groupIds), isNull(groups.deletedAt)))
    .orderBy(asc(groups.name));
}

async function completedCount(db: Executor, openingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.openingId, openingId), completed));
  return Number(row?.n ?? 0);
}

async function ownApplication(db: Executor, openingId: string, userId: number) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.openingId, openingId), eq(applications.applicantId, userId)));
  return row ?? null;
}

/** The API error for a blocker: what is not there is 404, what the person is not allowed 403, the rest 409. */
function blockerError(blocker: ApplyBlocker, detail?: string): AppError {
  const message = detail ? `${APPLY_BLOCKER_MESSAGES[blocker]} ${detail}` : APPLY_BLOCKER_MESSAGES[blocker];
  if (blocker === 'notFound' || blocker === 'draft') return errors.notFound('That opening');
  if (blocker === 'notEligible' || blocker === 'notIndividual') return errors.forbidden(message);
  return errors.conflict(message);
}

/** Links each file an application's answers refer to, so the organization may read exactly those. */
async function attachFiles(db: Executor, applicationId: string, answers: Answers) {
  const ids = fileIdsIn(answers);
  if (ids.length === 0) return;
  await db
    .insert(applicationFiles)
    .values(ids.map((fileId) => ({ applicationId, fileId })))
    .onConflictDoNothing();
}

/** Saves what keyed answers say into the person's auto-fill data, so their next form fills itself. */
async function learnFromAnswers(db: Executor, userId: number, definition: FormDefinition, answers: Answers) {
  const patch = Object.fromEntries(
    Object.entries(autoFillPatchFromAnswers(definition, answers)).filter(
      ([key, value]) => autoFillDataSchema.safeParse({ [key]: value }).success,
    ),
  );
  if (Object.keys(patch).length > 0) await mergeAutoFillData(db, userId, patch);
}

export function applyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get('/api/placements/campus/apply', { schema: getApplyFormSchema }, async (request) => {
      const authorization = request.headers.authorization;
      const actor: Actor | null = authorization ? await ctx.authenticate.resolveActor(authorization) : null;
      const [row] = await ctx.db
        .select({
          opening: openings,
          organizationName: sql<string | null>`coalesce(${organizationProfiles.name}, ${users.name})`,
          logo: organizationProfiles.logo,
          website: organizationProfiles.website,
        })
        .from(openings)
        .innerJoin(users, eq(users.id, openings.organizationId))
        .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
        .where(and(eq(openings.id, request.query.openingId), isNull(openings.deletedAt)));
      const opening = row?.opening;
      const isOwner = !!actor && opening?.organizationId === actor.user.id;
      if (!row || !opening || (opening.status === 'draft' && !isOwner)) throw errors.notFound('That opening');

      const form = opening.applyMode === 'form' ? await loadForm(ctx.db, opening) : null;
      const individual = actor ? isIndividual(actor.user) : null;
      let viewer: PublicOpening['viewer'] = null;
      let hasApplied = false;
      let failedRules: EligibilityRule[] = [];
      if (actor && individual) {
        const [application, draft, data] = await Promise.all([
          ownApplication(ctx.db, opening.id, actor.user.id),
          ctx.db
            .select()
            .from(applicationDrafts)
            .where(and(eq(applicationDrafts.openingId, opening.id), eq(applicationDrafts.userId, actor.user.id)))
            .then((rows) => rows[0] ?? null),
          loadApplicantData(ctx.db, actor.user, ctx.publicUrl()),
        ]);
        hasApplied = application !== null && application.status !== 'withdrawn';
        failedRules = failedEligibilityRules(
          opening.eligibility,
          await loadEligibilityFacts(ctx.db, actor.user.id, data.values),
        );
        viewer = {
          eligible: failedRules.length === 0,
          failedRules,
          application: application ? await presentOwnApplication(ctx.db, application, opening) : null,
          draft: draft ? { answers: draft.answers, updatedAt: draft.updatedAt.toISOString() } : null,
          prefill: form ? prefillAnswers(form, data) : {},
        };
      }
      const blocker = applyBlocker(opening, {
        isOwner,
        isIndividual: individual,
        hasApplied,
        completedCount: opening.responseCap === null ? 0 : await completedCount(ctx.db, opening.id),
        failedRules,
      });
      const result: PublicOpening = {
        id: opening.id,
        title: opening.title,
        kind: opening.kind,
        description: opening.description,
        organization: { name: row.organizationName, logoUrl: row.logo, website: row.website },
        locations: opening.locations,
        remote: opening.remote,
        compensation: opening.compensation
          ? {
              min: opening.compensation.min,
              max: opening.compensation.max,
              currency: opening.compensation.currency,
              period: opening.compensation.period,
            }
          : null,
        openingsCount: opening.openingsCount,
        startDate: opening.startDate,
        deadline: opening.deadline.toISOString(),
        status: opening.status,
        eligibility: eligibilityOf(opening.eligibility),
        applyMode: opening.applyMode,
        form,
        formVersion: form ? opening.currentFormVersion : null,
        eligibilityGroups: await eligibilityGroupsOf(ctx.db, eligibilityOf(opening.eligibility).groupIds),
        blocker,
        viewer,
      };
      return ok(result);
    });

    app.post('/api/placements/campus/apply', { ...authenticated, schema: applySchema }, async (request) => {
      const actor = actorOf(request);
      const { openingId, idempotencyKey } = request.body;
      authorize(actor, 'application.submit', null);

      const replay = async () => {
        const [earlier] = await ctx.db
          .select({ application: applications, opening: openings })
          .from(applications)
          .innerJoin(openings, eq(openings.id, applications.openingId))
          .where(eq(applications.idempotencyKey, idempotencyKey));
        if (!earlier) return null;
        if (earlier.application.applicantId !== actor.user.id || earlier.application.openingId !== openingId) {
          throw errors.conflict('This idempotency key was already used for another request.');
        }
        return presentOwnApplication(ctx.db, earlier.application, earlier.opening);
      };
      const replayed = await replay();
      if (replayed) return ok(replayed, 'Application submitted');

      try {
        const application = await ctx.db.transaction(async (tx) => {
          let opening = await loadOpening(tx, openingId);
          // Capped openings serialise their submits on the opening's row, so the cap is never exceeded.
          if (opening?.responseCap !== null && opening) opening = await loadOpening(tx, openingId, true);
          if (!opening || opening.deletedAt || opening.status === 'draft') throw errors.notFound('That opening');
          if (opening.applyMode !== 'form') {
            throw errors.conflict('This opening takes applications on its own website.');
          }
          const form = await loadForm(tx, opening);
          if (!form) throw errors.notFound('That opening');

          const data = await loadApplicantData(tx, actor.user, ctx.publicUrl());
          const existing = await ownApplication(tx, opening.id, actor.user.id);
          const failedRules = failedEligibilityRules(
            opening.eligibility,
            await loadEligibilityFacts(tx, actor.user.id, data.values),
          );
          const blocker = applyBlocker(opening, {
            isOwner: false,
            isIndividual: true,
            hasApplied: existing !== null,
            completedCount: opening.responseCap === null ? 0 : await completedCount(tx, opening.id),
            failedRules,
          });
          if (blocker) {
            const detail =
              blocker === 'notEligible'
                ? `${failedRules.map((rule) => describeEligibilityRule(rule, eligibilityOf(opening.eligibility))).join('; ')}.`
                : undefined;
            throw blockerError(blocker, detail);
          }

          let answers: Answers;
          if (request.body.answers) {
            answers = request.body.answers;
          } else {
            if (!isOneClickForm(form)) {
              throw errors.validation([
                { field: 'answers', message: 'This form needs your answers: open it to apply.' },
              ]);
            }
            answers = prefillAnswers(form, data);
          }
          answers = validateAnswers(form, await withStoredFiles(tx, actor.user.id, answers));

          const [created] = await tx
            .insert(applications)
            .values({
              openingId: opening.id,
              applicantId: actor.user.id,
              formVersion: opening.currentFormVersion ?? 1,
              answers,
              idempotencyKey,
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await tx.insert(applicationRevisions).values({
            applicationId: created.id,
            revision: 1,
            formVersion: created.formVersion,
            answers,
          });
          await tx
            .insert(applicationEvents)
            .values({ applicationId: created.id, fromStatus: null, toStatus: 'submitted', actorId: actor.user.id });
          await attachFiles(tx, created.id, answers);
          await notifyApplicationSubmitted(tx, { application: created, opening });
          await tx
            .delete(applicationDrafts)
            .where(and(eq(applicationDrafts.openingId, opening.id), eq(applicationDrafts.userId, actor.user.id)));
          await learnFromAnswers(tx, actor.user.id, form, answers);
          return presentOwnApplication(tx, created, opening);
        });
        return ok(application, 'Application submitted');
      } catch (error) {
        // A concurrent request with the same key won the race: answer what it created.
        if (isUniqueViolation(error)) {
          const winner = await replay();
          if (winner) return ok(winner, 'Application submitted');
          throw blockerError('alreadyApplied');
        }
        throw error;
      }
    });

    app.put('/api/placements/campus/apply', { ...authenticated, schema: editApplicationSchema }, async (request) => {
      const actor = actorOf(request);
      const application = await ctx.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(applications)
          .where(and(eq(applications.id, request.body.applicationId), eq(applications.applicantId, actor.user.id)))
          .for('update');
        if (!current) throw errors.notFound('That application');
        authorize(actor, 'application.edit', current);
        const opening = await loadOpening(tx, current.openingId);
        if (!opening || opening.deletedAt) throw errors.notFound('That opening');
        if (!canEditApplication(current, opening)) {
          throw errors.conflict(
            current.status !== 'submitted'
              ? 'This application can no longer be edited: the organization has already acted on it.'
              : 'This application can no longer be edited: the opening has closed.',
          );
        }
        const form = await loadForm(tx, opening);
        if (!form) throw errors.notFound('That opening');
        const attached = await tx
          .select({ fileId: applicationFiles.fileId })
          .from(applicationFiles)
          .where(eq(applicationFiles.applicationId, current.id));
        const answers = validateAnswers(
          form,
          await withStoredFiles(tx, actor.user.id, request.body.answers, new Set(attached.map((row) => row.fileId))),
        );
        const revision = current.revision + 1;
        const [updated] = await tx
          .update(applications)
          .set({
            answers,
            revision,
            formVersion: opening.currentFormVersion ?? current.formVersion,
            updatedAt: sql`now()`,
          })
          .where(eq(applications.id, current.id))
          .returning();
        if (!updated) throw errors.notFound('That application');
        await tx.insert(applicationRevisions).values({
          applicationId: updated.id,
          revision,
          formVersion: updated.formVersion,
          answers,
        });
        await attachFiles(tx, updated.id, answers);
        await learnFromAnswers(tx, actor.user.id, form, answers);
        return presentOwnApplication(tx, updated, opening);
      });
      return ok(application, 'Application updated');
    });

    app.put('/api/placements/campus/apply/draft', { ...authenticated, schema: saveDraftSchema }, async (request) => {
      const actor = actorOf(request);
      authorize(actor, 'application.keepDraft', null);
      const opening = await loadOpening(ctx.db, request.body.openingId);
      if (!opening || opening.deletedAt || opening.status === 'draft') throw errors.notFound('That opening');
      const form = opening.applyMode === 'form' ? await loadForm(ctx.db, opening) : null;
      if (!form) throw errors.notFound('That opening');
      // The submission's limits and file rules: only this form's questions within their caps, only the person's
      // own files (their stored facts replace what the client claims).
      const answers = await withStoredFiles(ctx.db, actor.user.id, validateDraftAnswers(form, request.body.answers));
      const [draft] = await ctx.db
        .insert(applicationDrafts)
        .values({ openingId: opening.id, userId: actor.user.id, answers })
        .onConflictDoUpdate({
          target: [applicationDrafts.openingId, applicationDrafts.userId],
          set: { answers, updatedAt: sql`now()` },
        })
        .returning();
      if (!draft) throw new Error('upsert returned nothing');
      return ok({ answers: draft.answers, updatedAt: draft.updatedAt.toISOString() }, 'Draft saved');
    });

    app.delete(
      '/api/placements/campus/apply/draft',
      { ...authenticated, schema: deleteDraftSchema },
      async (request) => {
        const actor = actorOf(request);
        await ctx.db
          .delete(applicationDrafts)
          .where(
            and(eq(applicationDrafts.openingId, request.query.openingId), eq(applicationDrafts.userId, actor.user.id)),
          );
        return ok({ openingId: request.query.openingId }, 'Draft discarded');
      },
    );

    app.get(
      '/api/placements/campus/applications',
      { ...authenticated, schema: myApplicationsSchema },
      async (request) => {
        const actor = actorOf(request);
        const { limit } = request.query;
        const cursor = decodeTimeCursor(request.query.cursor);
        const rows = await ctx.db
          .select({
            application: applications,
            opening: openings,
            organizationName: sql<string | null>`coalesce(${organizationProfiles.name}, ${users.name})`,
          })
          .from(applications)
          .innerJoin(openings, eq(openings.id, applications.openingId))
          .innerJoin(users, eq(users.id, openings.organizationId))
          .leftJoin(organizationProfiles, eq(organizationProfiles.userId, openings.organizationId))
          .where(
            and(
              eq(applications.applicantId, actor.user.id),
              cursor
                ? or(
                    lt(applications.updatedAt, cursor.at),
                    and(eq(applications.updatedAt, cursor.at), lt(applications.id, cursor.id)),
                  )
                : undefined,
            ),
          )
          .orderBy(desc(applications.updatedAt), desc(applications.id))
          .limit(limit + 1);
        const page = pageFrom(rows, limit, ({ application }) => ({ at: application.updatedAt, id: application.id }));
        return ok({
          items: page.items.map(({ application, opening, organizationName }) =>
            presentMyApplication(
              application,
              { title: opening.title, organizationName },
              canEditApplication(application, opening) && can(actor, 'application.edit', application),
            ),
          ),
          nextCursor: page.nextCursor,
        });
      },
    );
  };
}
