import {
  type Answers,
  describeEligibilityRule,
  type EligibilityRule,
  type FormDefinition,
  isOneClickForm,
  type PublicOpening,
} from '@placely/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applicationDrafts, applicationFiles, applicationRevisions, applications, openings } from '../../db/schema';
import { errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { isIndividual } from '../../policies/individual';
import { presentApplication, presentMyApplication } from '../../presenters/application';
import type { OpeningRow } from '../../presenters/opening';
import { fileIdsIn, validateAnswers, validateDraftAnswers, withStoredFiles } from '../../services/applications/answers';
import { cycleEnrolmentOf, eligibilityFactsOf } from '../../services/applications/applicant-facts';
import { applyBlocker } from '../../services/applications/blockers';
import { eligibilityOf, failedEligibilityRules } from '../../services/applications/eligibility';
import { createFormViewQueries } from '../../services/applications/form-view';
import { prefillAnswers } from '../../services/applications/prefill';
import {
  chosenProfileKeys,
  saveAnswersToProfile,
  saveToProfileProblems,
} from '../../services/applications/save-to-profile';
import { createSubmitQueries, insertApplication } from '../../services/applications/submit';
import { loadApplicantVerifications, verifiedAnswersFor } from '../../services/applications/verified';
import { notifyApplicationEdited } from '../../services/notifications/events';
import { applyVerdict, applyVerdictOf, loadPolicyFacts, policyRefusalError } from '../../services/placement/policy';
import { candidateStageLabels } from '../../services/shortlisting/labels';
import {
  applySchema,
  deleteDraftSchema,
  editApplicationSchema,
  getApplyFormSchema,
  myApplicationsSchema,
  saveDraftSchema,
} from './schema';
import {
  attachFiles,
  blockerError,
  canEditApplication,
  completedCount,
  eligibilityGroupsOf,
  learnedFromAnswers,
  learnFromAnswers,
  loadForm,
  loadOpening,
  presentOwnApplication,
  stageLabelOf,
} from './support';

export function applyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const { loadSubmitFacts } = createSubmitQueries(ctx.db);
    const { loadFormView } = createFormViewQueries(ctx.db);

    // Signed out, one read; signed in, one read that also checks the session and gathers what the viewer's part needs.
    app.get(
      '/api/placements/campus/apply',
      { onRequest: ctx.authenticate.optionallyInFirstRead, schema: getApplyFormSchema },
      async (request) => {
        const { actor, view } = await loadFormView(request, request.query.openingId, ctx.publicUrl());
        const opening = view?.opening;
        const isOwner = !!actor && opening?.organizationId === actor.user.id;
        if (!view || !opening || (opening.status === 'draft' && !isOwner)) throw errors.notFound('That opening');
        // A placement cycle's opening: not there until the cell approves it, and only for the cycle's students.
        if (!isOwner && view.cycleGate === 'unapproved') throw errors.notFound('That opening');
        if (!isOwner && view.cycleGate === 'none') throw blockerError('notInCycle');

        const form = opening.applyMode === 'form' ? view.form : null;
        const individual = actor ? isIndividual(actor.user) : null;
        let viewer: PublicOpening['viewer'] = null;
        let hasApplied = false;
        let failedRules: EligibilityRule[] = [];
        if (actor && individual && view.applicant) {
          const { application, draft, applicant } = view;
          hasApplied = application !== null && application.status !== 'withdrawn';
          failedRules = failedEligibilityRules(opening.eligibility, eligibilityFactsOf(applicant));
          viewer = {
            eligible: failedRules.length === 0,
            failedRules,
            application: application
              ? await presentOwnApplication(ctx.db, application, opening, {
                  currentForm: view.form,
                  hasVerifications: applicant.hasVerifications,
                })
              : null,
            stageLabel: application ? await stageLabelOf(ctx.db, application.id) : null,
            draft: draft ? { answers: draft.answers, updatedAt: draft.updatedAt.toISOString() } : null,
            prefill: form ? prefillAnswers(form, applicant.data) : {},
          };
          // An opening of a placement cycle: the policy's verdict, before the student fills anything in. Other
          // openings read nothing more.
          if (opening.cycleId) {
            const verdict = await applyVerdict(ctx.db, {
              cycleId: opening.cycleId,
              userId: actor.user.id,
              openingId: opening.id,
            });
            if (verdict) viewer.placementPolicy = verdict;
          }
        }
        const blocker = applyBlocker(opening, {
          isOwner,
          isIndividual: individual,
          hasApplied,
          completedCount: view.completedCount,
          failedRules,
          cycleEnrolment: cycleEnrolmentOf(view.cycleGate),
        });
        const result: PublicOpening = {
          id: opening.id,
          title: opening.title,
          kind: opening.kind,
          description: opening.description,
          organization: view.organization,
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
      },
    );

    // The session check rides in the submit's first read (the facts): a submit is two statements without a cap.
    const authenticatedInFacts = { onRequest: ctx.authenticate.inFirstRead };
    app.post('/api/placements/campus/apply', { ...authenticatedInFacts, schema: applySchema }, async (request) => {
      const { openingId, idempotencyKey, saveToProfile } = request.body;
      const savesToProfile = chosenProfileKeys(saveToProfile).length > 0;
      // One read gathers the caller and what every check needs; whether the key was used comes with it.
      const { actor, facts } = await loadSubmitFacts(request, openingId, idempotencyKey, ctx.publicUrl());
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
      // A replay is rare: the earlier application is read only when the key was used.
      if (facts.keyUsed) {
        const replayed = await replay();
        if (replayed) return ok(replayed, 'Application submitted');
      }

      /** The checks and the writes, on the opening as `db` sees it (locked, when it has a response cap). */
      const submit = async (db: Executor, opening: OpeningRow | null, form: FormDefinition | null, counted: number) => {
        if (!opening || opening.deletedAt || opening.status === 'draft') throw errors.notFound('That opening');
        if (facts.cycleGate === 'unapproved') throw errors.notFound('That opening');
        if (opening.applyMode !== 'form') {
          throw errors.conflict('This opening takes applications on its own website.');
        }
        if (!form) throw errors.notFound('That opening');
        const eligibility = eligibilityOf(opening.eligibility);
        const failedRules = failedEligibilityRules(opening.eligibility, eligibilityFactsOf(facts));
        const blocker = applyBlocker(opening, {
          isOwner: false,
          isIndividual: true,
          hasApplied: facts.hasApplied,
          completedCount: counted,
          failedRules,
          cycleEnrolment: cycleEnrolmentOf(facts.cycleGate),
        });
        if (blocker) {
          const detail =
            blocker === 'notEligible'
              ? `${failedRules.map((rule) => describeEligibilityRule(rule, eligibility)).join('; ')}.`
              : undefined;
          throw blockerError(blocker, detail);
        }
        // A placement cycle's opening: its policy, judged in this transaction on the student's facts read under the
        // lock of their enrolment row, which an acceptance of an offer also takes (services/placement/policy.ts).
        if (opening.cycleId) {
          const loaded = await loadPolicyFacts(db, {
            cycleId: opening.cycleId,
            userId: actor.user.id,
            openingId: opening.id,
            lock: true,
          });
          if (loaded) {
            const verdict = applyVerdictOf(loaded, opening.id);
            if (!verdict.allowed) throw policyRefusalError(verdict.refusals);
          }
        }

        let answers: Answers;
        if (request.body.answers) {
          answers = request.body.answers;
        } else {
          if (!isOneClickForm(form)) {
            throw errors.validation([{ field: 'answers', message: 'This form needs your answers: open it to apply.' }]);
          }
          answers = prefillAnswers(form, facts.data);
        }
        const formVersion = opening.currentFormVersion ?? 1;
        answers = validateAnswers(
          form,
          await withStoredFiles(db, actor.user.id, answers),
          `${opening.id}:${opening.currentFormVersion}`,
        );
        if (saveToProfile && savesToProfile) {
          const problems = saveToProfileProblems(form, answers, saveToProfile);
          if (problems.length > 0) throw errors.validation(problems);
          // Before the application's writes: profile writes lock the user row first, and so must this one.
          await saveAnswersToProfile(db, actor, saveToProfile);
        }
        const { application: created, unreadRecipients } = await insertApplication(db, {
          openingId: opening.id,
          userId: actor.user.id,
          formVersion,
          answers,
          idempotencyKey,
          fileIds: fileIdsIn(answers),
          learned: learnedFromAnswers(form, answers),
        });
        // Badges need a live verification decision; without one there are no verified answers to look up.
        const verification = facts.hasVerifications
          ? (await loadApplicantVerifications(db, [actor.user.id])).get(actor.user.id)
          : undefined;
        const presented = presentApplication(
          created,
          canEditApplication(created, opening),
          verifiedAnswersFor(form, created.answers, verification),
        );
        return { presented, unreadRecipients };
      };

      try {
        const { presented, unreadRecipients } = !facts.opening
          ? await submit(ctx.db, facts.opening, facts.form, 0)
          : facts.opening.responseCap !== null
            ? // Capped openings serialise their submits on the opening's row, so the cap is never exceeded.
              await ctx.db.transaction(async (tx) => {
                const opening = await loadOpening(tx, openingId, true);
                const form =
                  opening && opening.currentFormVersion !== facts.opening?.currentFormVersion
                    ? await loadForm(tx, opening)
                    : facts.form;
                return submit(tx, opening, form, opening ? await completedCount(tx, opening.id) : 0);
              })
            : facts.opening.cycleId || savesToProfile
              ? // A placement cycle's opening: the policy check and the writes share one transaction. Answers saved
                // to the profile too: the profile changes only with the application.
                await ctx.db.transaction((tx) => submit(tx, facts.opening, facts.form, 0))
              : // Without a cap, a cycle or profile writes nothing is counted or locked: the writes are one
                // statement, atomic without a transaction.
                await submit(ctx.db, facts.opening, facts.form, 0);
        // Committed: the applicant's and the team's live unread counts may move now.
        ctx.unreadSignals.publish(unreadRecipients);
        return ok(presented, 'Application submitted');
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
        await notifyApplicationEdited(tx, updated.id, revision);
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
            // A lookup by key, not two more joins: four joined tables took longer to plan than the page to run.
            organizationName: sql<string | null>`(select coalesce(op.name, u.name) from users u
              left join organization_profiles op on op.user_id = u.id where u.id = ${openings.organizationId})`,
          })
          .from(applications)
          .innerJoin(openings, eq(openings.id, applications.openingId))
          .where(
            and(
              eq(applications.applicantId, actor.user.id),
              // A row comparison: the (applicant_id, updated_at, id) index gives the page as a range.
              cursor
                ? sql`(${applications.updatedAt}, ${applications.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(desc(applications.updatedAt), desc(applications.id))
          .limit(limit + 1);
        const page = pageFrom(rows, limit, ({ application }) => ({ at: application.updatedAt, id: application.id }));
        const stageLabels = await candidateStageLabels(
          ctx.db,
          page.items.map(({ application }) => application.id),
        );
        return ok({
          items: page.items.map(({ application, opening, organizationName }) =>
            presentMyApplication(
              application,
              { title: opening.title, organizationName },
              canEditApplication(application, opening) && can(actor, 'application.edit', application),
              stageLabels.get(application.id) ?? null,
            ),
          ),
          nextCursor: page.nextCursor,
        });
      },
    );
  };
}
