import { VIDEO_LIMITS, VIDEO_TASK_MESSAGES } from '@placely/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { files, videoAnswers } from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { answeringVerdict } from '../../policies/video';
import { answerFactsOf, loadPublicTask, presentOwnAnswer, presentVideoTask, rowsOf } from '../../services/video/tasks';
import { pendingRouteSchema, submitRouteSchema, takeRouteSchema, taskPageRouteSchema } from './schema';

/**
 * The candidate's side of a video task (/UploadVideoForTask): the task page (public), takes and submit. Every take
 * is uploaded first (tus, purpose `video`; the server reads type and length from the container when it finishes)
 * and attached here, which counts it — so the limit on takes holds whatever the browser does.
 */
export function answeringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get('/api/videoTask', { schema: taskPageRouteSchema }, async (request) => {
      const authorization = request.headers.authorization;
      const actor: Actor | null = authorization ? await ctx.authenticate.resolveActor(authorization) : null;
      const row = await loadPublicTask(ctx.db, request.query.task);
      let viewer = null;
      if (actor) {
        const facts = await answerFactsOf(ctx.db, row.task, actor.user.id);
        const verdict = answeringVerdict(facts);
        viewer = {
          canAnswer: verdict === true && can(actor, 'videoTask.takeMore', facts),
          reason:
            verdict === true
              ? can(actor, 'videoTask.takeMore', facts)
                ? null
                : VIDEO_TASK_MESSAGES.noTakesLeft
              : verdict,
          takesLeft: Math.max(0, row.task.takesAllowed - (facts.answer?.takesUsed ?? 0)),
          answer: await presentOwnAnswer(ctx.db, facts.answerRow),
        };
      }
      return ok({
        task: presentVideoTask(row.task, ctx.config.videoMaxBytes),
        opening: { id: row.opening.id, title: row.opening.title },
        organization: { id: row.opening.organizationId, name: row.organizationName, logo: row.logo },
        viewer,
      });
    });

    app.post('/api/videoTask/take', { ...authenticated, schema: takeRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { taskId, fileId, source, posterFileId } = request.body;
      const { answer, replaced } = await ctx.db.transaction(async (tx) => {
        const { task } = await loadPublicTask(tx, taskId);
        const before = await answerFactsOf(tx, task, actor.user.id);
        authorize(actor, 'videoTask.answer', before);
        // The answer row is made once and then locked, so two takes sent at once are counted one after the other.
        await tx.insert(videoAnswers).values({ taskId: task.id, candidateId: actor.user.id }).onConflictDoNothing();
        const facts = await answerFactsOf(tx, task, actor.user.id, { lock: true });
        const current = facts.answerRow;
        if (!current) throw new Error('video answer row missing');
        // The same file again is a retry of a take already counted (an answer lost on a bad network).
        if (current.fileId === fileId) return { answer: current, replaced: null };
        authorize(actor, 'videoTask.answer', facts);
        authorize(actor, 'videoTask.takeMore', facts);
        if (source === 'upload') authorize(actor, 'videoTask.upload', facts);
        const [file] = await tx
          .select()
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.ownerId, actor.user.id), eq(files.status, 'ready')));
        if (file?.purpose !== 'video') {
          throw errors.validation([{ field: 'fileId', message: 'Upload the video first (your own, purpose video).' }]);
        }
        const limit = task.maxAnswerSeconds + VIDEO_LIMITS.durationGraceSeconds;
        if (file.durationSeconds === null || file.durationSeconds > limit) {
          throw errors.validation([{ field: 'fileId', message: VIDEO_TASK_MESSAGES.tooLong(task.maxAnswerSeconds) }]);
        }
        if (posterFileId) {
          const [poster] = await tx
            .select({ id: files.id, purpose: files.purpose })
            .from(files)
            .where(and(eq(files.id, posterFileId), eq(files.ownerId, actor.user.id), eq(files.status, 'ready')));
          if (poster?.purpose !== 'videoPoster') {
            throw errors.validation([
              { field: 'posterFileId', message: 'Upload the still frame first (purpose videoPoster).' },
            ]);
          }
        }
        const [updated] = await tx
          .update(videoAnswers)
          .set({
            fileId: file.id,
            posterFileId: posterFileId ?? null,
            durationSeconds: file.durationSeconds,
            source,
            takesUsed: sql`${videoAnswers.takesUsed} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(videoAnswers.id, current.id))
          .returning();
        if (!updated) throw new Error('video answer not updated');
        // The take it replaces is never watched by anyone: its bytes go.
        const replacedIds = [current.fileId, current.posterFileId].filter(
          (id): id is string => id !== null && id !== file.id && id !== posterFileId,
        );
        const removed = [];
        for (const id of replacedIds) {
          const [gone] = await tx.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
          if (gone) removed.push(gone.storageKey);
        }
        return { answer: updated, replaced: removed };
      });
      for (const key of replaced ?? []) {
        await ctx.storage.remove(key).catch((error) => request.log.warn({ err: error }, 'replaced take not removed'));
      }
      return ok((await presentOwnAnswer(ctx.db, answer)) ?? never(), VIDEO_TASK_MESSAGES.takeSaved);
    });

    app.post('/api/videoTask/submit', { ...authenticated, schema: submitRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const answer = await ctx.db.transaction(async (tx) => {
        const { task } = await loadPublicTask(tx, request.body.taskId);
        const facts = await answerFactsOf(tx, task, actor.user.id, { lock: true });
        authorize(actor, 'videoTask.answer', facts);
        if (!facts.answerRow?.fileId)
          throw errors.validation([{ field: 'taskId', message: VIDEO_TASK_MESSAGES.noTake }]);
        const [updated] = await tx
          .update(videoAnswers)
          .set({ submittedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(videoAnswers.id, facts.answerRow.id))
          .returning();
        return updated;
      });
      return ok((await presentOwnAnswer(ctx.db, answer ?? null)) ?? never(), VIDEO_TASK_MESSAGES.submitted);
    });

    app.get('/api/videoTasks/pending', { ...authenticated, schema: pendingRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const result = await ctx.db.execute(sql`
        select t.id as task_id, t.title, o.title as opening_title,
               coalesce(p.name, u.name, '') as organization_name, t.deadline
        from video_tasks t
        join openings o on o.id = t.opening_id and o.deleted_at is null
        join users u on u.id = o.organization_id
        left join organization_profiles p on p.user_id = o.organization_id
        where t.deleted_at is null
          and (t.deadline is null or t.deadline > now())
          and (exists (select 1 from video_task_invitations i where i.task_id = t.id and i.user_id = ${actor.user.id})
               or (t.ask_at_apply and exists (select 1 from applications a
                     where a.opening_id = t.opening_id and a.applicant_id = ${actor.user.id})))
          and not exists (select 1 from video_answers v
                          where v.task_id = t.id and v.candidate_id = ${actor.user.id} and v.submitted_at is not null)
        order by t.deadline asc nulls last, t.created_at asc
        limit 100`);
      return ok({
        items: rowsOf<{
          task_id: string;
          title: string;
          opening_title: string;
          organization_name: string;
          deadline: string | Date | null;
        }>(result).map((row) => ({
          taskId: row.task_id,
          title: row.title,
          openingTitle: row.opening_title,
          organizationName: row.organization_name,
          deadline: row.deadline === null ? null : new Date(row.deadline).toISOString(),
        })),
      });
    });
  };
}

function never(): never {
  throw new Error('answer missing');
}
