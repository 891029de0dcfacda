import { VIDEO_LIMITS, VIDEO_TASK_MESSAGES } from '@placely/contract';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { applications, organizationProfiles, users, videoAnswers, videoTasks } from '../../db/schema';
import { AppError, errors } from '../../errors';
import { decodeTimeCursor, pageFrom } from '../../http/cursor';
import { ok } from '../../http/envelope';
import { can } from '../../policies';
import { ownVideoScoreGivenSql } from '../../policies/judgement';
import { signFileLink } from '../../services/file-links';
import { loadOrganizationOpening } from '../../services/organization-openings';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import { onCurrentRubric } from '../../services/video/scores';
import {
  changedFields,
  checkPromptImage,
  checkPromptVideo,
  dropReplacedPromptFiles,
  inviteCandidates,
  loadOwnTask,
  presentVideoTask,
  reminderTimeOf,
  rowsOf,
  taskValues,
  type VideoTaskRow,
} from '../../services/video/tasks';
import { answeringRoutes } from './answering';
import { reviewRoutes } from './review';
import {
  answersRouteSchema,
  createTaskRouteSchema,
  deleteTaskRouteSchema,
  inviteRouteSchema,
  listTasksRouteSchema,
  updateTaskRouteSchema,
} from './schema';

/**
 * Video tasks, organization side: tasks of an opening, invitations, the answers list. The candidate's side is in
 * answering.ts, watching and scoring in review.ts.
 */
/** An opening asks at most VIDEO_LIMITS.liveTasksPerOpening live tasks (deleted ones do not count). */
async function assertRoomForTask(tx: Executor, openingId: string) {
  const [live] = await tx
    .select({ n: count() })
    .from(videoTasks)
    .where(and(eq(videoTasks.openingId, openingId), isNull(videoTasks.deletedAt)));
  if ((live?.n ?? 0) >= VIDEO_LIMITS.liveTasksPerOpening) {
    const message = VIDEO_TASK_MESSAGES.tooManyTasks;
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'openingId', message }]);
  }
}

export function videoTaskRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };
    const base = '/api/organization/videoTasks';
    const present = (row: VideoTaskRow) => presentVideoTask(row, ctx.config.videoMaxBytes);

    /** Reminders for everyone invited and not yet answered, after the change committed. */
    const scheduleReminders = async (task: VideoTaskRow, userIds: number[]) => {
      const at = reminderTimeOf(task);
      if (!at || !task.deadline || userIds.length === 0) return;
      const deadline = task.deadline.toISOString();
      await ctx.notificationQueue.scheduleVideoReminders(
        userIds.map((userId) => ({ taskId: task.id, userId, deadline })),
        at,
      );
    };

    app.get(base, { ...authenticated, schema: listTasksRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const opening = await loadOrganizationOpening(ctx.db, actor, access, request.query.openingId, 'videoTask.review');
      const rows = await ctx.db
        .select({
          task: videoTasks,
          // Qualified by hand: in a one-table select drizzle writes a column bare ("id"), which inside these
          // subqueries would name the invitation's or answer's own id.
          invited: sql<number>`(select count(*) from video_task_invitations i where i.task_id = ${videoTasks}.id)::int`,
          submitted: sql<number>`(select count(*) from video_answers a where a.task_id = ${videoTasks}.id and a.submitted_at is not null)::int`,
        })
        .from(videoTasks)
        .where(and(eq(videoTasks.openingId, opening.id), isNull(videoTasks.deletedAt)))
        .orderBy(asc(videoTasks.createdAt));
      return ok({
        items: rows.map((row) => ({ ...present(row.task), invited: row.invited, submitted: row.submitted })),
        abilities: { manage: can(actor, 'videoTask.manage', { access, opening }) },
      });
    });

    app.post(base, { ...authenticated, schema: createTaskRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { openingId, ...input } = request.body;
      const row = await ctx.db.transaction(async (tx) => {
        // The opening's row lock makes concurrent additions count one after another.
        const opening = await loadOrganizationOpening(
          tx,
          actor,
          access,
          openingId,
          'videoTask.manage',
          'no key update',
        );
        await assertRoomForTask(tx, opening.id);
        await checkPromptImage(tx, actor, input.promptImage, null);
        await checkPromptVideo(tx, actor, input, null);
        const [inserted] = await tx
          .insert(videoTasks)
          .values({ openingId: opening.id, ...taskValues(input), createdBy: actor.user.id })
          .returning();
        if (!inserted) throw new Error('video task not written');
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'videoTask.created',
          openingId: opening.id,
          details: { taskId: inserted.id, title: inserted.title },
        });
        return inserted;
      });
      return ok(present(row), VIDEO_TASK_MESSAGES.created);
    });

    /**
     * The editor: the whole task again, under the same limits as creating it. Limits apply to takes attached from
     * now on — answers already submitted (and a take already attached) were accepted under the old ones and stay —
     * and a deadline moved into the future re-opens answering, since answering reads the task as it is now.
     */
    app.put(base, { ...authenticated, schema: updateTaskRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { id, ...input } = request.body;
      const { row, moved, invited, replaced } = await ctx.db.transaction(async (tx) => {
        const { task } = await loadOwnTask(tx, actor, access, id, 'videoTask.manage');
        await checkPromptImage(tx, actor, input.promptImage, task);
        await checkPromptVideo(tx, actor, input, task);
        const [updated] = await tx
          .update(videoTasks)
          .set({ ...taskValues(input), updatedAt: sql`now()` })
          .where(eq(videoTasks.id, task.id))
          .returning();
        if (!updated) throw errors.notFound('That video task');
        // A replaced or removed prompt image, video or captions file is shown nowhere again: its bytes go.
        const replaced = await dropReplacedPromptFiles(tx, task, updated);
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'videoTask.edited',
          openingId: task.openingId,
          details: { taskId: task.id, title: updated.title, changed: changedFields(task, updated).join(', ') },
        });
        const moved = updated.deadline?.getTime() !== task.deadline?.getTime();
        const invited = moved
          ? await tx.execute(
              sql`select i.user_id from video_task_invitations i where i.task_id = ${task.id} and not exists
                  (select 1 from video_answers a where a.task_id = i.task_id and a.candidate_id = i.user_id
                   and a.submitted_at is not null)`,
            )
          : { rows: [] };
        return {
          row: updated,
          moved,
          invited: rowsOf<{ user_id: number }>(invited).map((r) => Number(r.user_id)),
          replaced,
        };
      });
      for (const key of replaced) {
        await ctx.storage
          .remove(key)
          .catch((error) => request.log.warn({ err: error }, 'replaced prompt file not removed'));
      }
      if (moved) await scheduleReminders(row, invited);
      return ok(present(row), VIDEO_TASK_MESSAGES.updated);
    });

    app.delete(base, { ...authenticated, schema: deleteTaskRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      await ctx.db.transaction(async (tx) => {
        const { task } = await loadOwnTask(tx, actor, access, request.query.id, 'videoTask.manage');
        // Kept, not removed: submitted answers stay readable until the opening itself is deleted.
        await tx.update(videoTasks).set({ deletedAt: sql`now()` }).where(eq(videoTasks.id, task.id));
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'videoTask.deleted',
          openingId: task.openingId,
          details: { taskId: task.id, title: task.title },
        });
      });
      return ok({ id: request.query.id }, VIDEO_TASK_MESSAGES.deleted);
    });

    app.post(`${base}/invite`, { ...authenticated, schema: inviteRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { taskId, applicationIds, stageId } = request.body;
      const { task, invited } = await ctx.db.transaction(async (tx) => {
        const { task, opening } = await loadOwnTask(tx, actor, access, taskId, 'videoTask.manage');
        const [organization] = await tx
          .select({ name: sql<string>`coalesce(${organizationProfiles.name}, ${users.name}, '')` })
          .from(users)
          .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
          .where(eq(users.id, opening.organizationId));
        const invited = await inviteCandidates(tx, {
          task,
          opening,
          organizationName: organization?.name ?? '',
          invitedBy: actor.user.id,
          ...(applicationIds ? { applicationIds } : {}),
          ...(stageId ? { stageId } : {}),
        });
        await recordAudit(tx, access.organizationId, actor.user.id, {
          kind: 'videoTask.invited',
          openingId: opening.id,
          details: { taskId: task.id, title: task.title, count: invited.length },
        });
        return { task, invited };
      });
      await scheduleReminders(task, invited);
      return ok({ invited: invited.length }, VIDEO_TASK_MESSAGES.invited(invited.length));
    });

    app.get(`${base}/answers`, { ...authenticated, schema: answersRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const access = await organizationAccessOf(ctx.db, request, actor);
      const { taskId, cursor, limit } = request.query;
      const after = decodeTimeCursor(cursor);
      const { task, opening } = await loadOwnTask(ctx.db, actor, access, taskId, 'videoTask.review', {
        includeDeleted: true,
      });
      const countedScores = sql`join video_tasks t on t.id = ${videoAnswers.taskId}
        where s.answer_id = ${videoAnswers.id} and ${onCurrentRubric('t', 's')}`;
      const rows = await ctx.db
        .select({
          id: videoAnswers.id,
          applicationId: applications.id,
          candidateName: users.name,
          durationSeconds: videoAnswers.durationSeconds,
          submittedAt: videoAnswers.submittedAt,
          posterFileId: videoAnswers.posterFileId,
          // Blind until the viewer scores the answer themselves (policies/judgement.ts).
          averageScore: sql<number | null>`(case when ${ownVideoScoreGivenSql(videoAnswers.id, actor.user.id)}
            then (select avg(s.score)::float8 from video_scores s ${countedScores}) end)`,
          reviewers: sql<number>`(select count(distinct s.reviewer_id) from video_scores s ${countedScores})::int`,
        })
        .from(videoAnswers)
        .innerJoin(users, eq(users.id, videoAnswers.candidateId))
        .leftJoin(
          applications,
          and(eq(applications.openingId, opening.id), eq(applications.applicantId, videoAnswers.candidateId)),
        )
        .where(
          and(
            eq(videoAnswers.taskId, task.id),
            isNotNull(videoAnswers.submittedAt),
            after
              ? sql`(${videoAnswers.submittedAt}, ${videoAnswers.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(videoAnswers.submittedAt), asc(videoAnswers.id))
        .limit(limit + 1);
      const page = pageFrom(rows, limit, (row) => ({ at: row.submittedAt ?? new Date(0), id: row.id }));
      const items = await Promise.all(
        page.items.map(async ({ posterFileId, ...row }) => ({
          ...row,
          candidateName: row.candidateName ?? '',
          submittedAt: row.submittedAt?.toISOString() ?? null,
          averageScore: row.averageScore === null ? null : Math.round(Number(row.averageScore) * 100) / 100,
          posterUrl: posterFileId ? (await signFileLink(ctx.config.jwtSecret, posterFileId, actor.user.id)).url : null,
        })),
      );
      return ok({ task: present(task), items, nextCursor: page.nextCursor });
    });

    await app.register(answeringRoutes(ctx));
    await app.register(reviewRoutes(ctx));
  };
}
