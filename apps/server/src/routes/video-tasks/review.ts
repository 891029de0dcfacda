import { VIDEO_TASK_MESSAGES, type VideoAnswerView } from '@placely/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import {
  applications,
  files,
  openings,
  users,
  videoAnswers,
  videoComments,
  videoScores,
  videoTasks,
} from '../../db/schema';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize, can } from '../../policies';
import { othersJudgementVisible } from '../../policies/judgement';
import type { OpeningAccess } from '../../policies/opening';
import type { OrganizationAccess } from '../../policies/organization';
import { signFileLink } from '../../services/file-links';
import { organizationAccessOf, recordAudit } from '../../services/organizations';
import { presentVideoTask, rowsOf } from '../../services/video/tasks';
import { answerRouteSchema, commentRouteSchema, scoreRouteSchema } from './schema';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * /watch: one answer with a signed, short-lived link to its bytes (the download route answers range requests, so
 * the player seeks without fetching the whole file), scores per reviewer and their averages, time-stamped
 * comments, and the previous and next submitted answer of the same task.
 */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    /** The answer and who the caller is to it; a caller with no standing at all gets a 404, never a hint. */
    const loadAnswer = async (db: Executor, request: Parameters<typeof actorOf>[0], actor: Actor, answerId: string) => {
      const [row] = await db
        .select({ answer: videoAnswers, task: videoTasks, opening: openings, file: files })
        .from(videoAnswers)
        .innerJoin(videoTasks, eq(videoTasks.id, videoAnswers.taskId))
        .innerJoin(openings, eq(openings.id, videoTasks.openingId))
        .leftJoin(files, eq(files.id, videoAnswers.fileId))
        .where(eq(videoAnswers.id, answerId));
      if (!row) throw errors.notFound('That answer');
      const access: OrganizationAccess | null =
        row.answer.candidateId === actor.user.id && !request.headers['x-organization-id']
          ? null
          : await organizationAccessOf(db, request, actor);
      const organization: OpeningAccess | null =
        access && row.opening.organizationId === access.organizationId ? { access, opening: row.opening } : null;
      if (row.answer.candidateId !== actor.user.id && !organization) throw errors.notFound('That answer');
      authorize(actor, 'videoAnswer.watch', {
        candidateId: row.answer.candidateId,
        submitted: row.answer.submittedAt !== null,
        organization,
      });
      return { ...row, organization };
    };

    const presentAnswer = async (
      db: Executor,
      actor: Actor,
      row: Awaited<ReturnType<typeof loadAnswer>>,
    ): Promise<VideoAnswerView> => {
      const { answer, task, opening, file, organization } = row;
      if (!file) throw errors.gone(VIDEO_TASK_MESSAGES.noTake);
      const [candidate] = await db.select({ name: users.name }).from(users).where(eq(users.id, answer.candidateId));
      const scores = await db.select().from(videoScores).where(eq(videoScores.answerId, answer.id));
      const comments = await db
        .select({ comment: videoComments, authorName: users.name })
        .from(videoComments)
        .leftJoin(users, eq(users.id, videoComments.authorId))
        .where(eq(videoComments.answerId, answer.id))
        .orderBy(asc(videoComments.atSeconds), asc(videoComments.createdAt));
      const reviewing = organization !== null && can(actor, 'videoAnswer.score', organization);
      let previousAnswerId: string | null = null;
      let nextAnswerId: string | null = null;
      if (reviewing && answer.submittedAt) {
        const neighbours = await db.execute(sql`
          select
            (select a.id from video_answers a where a.task_id = ${task.id} and a.submitted_at is not null
               and (a.submitted_at, a.id) < (${answer.submittedAt.toISOString()}::timestamptz, ${answer.id}::uuid)
             order by a.submitted_at desc, a.id desc limit 1) as previous,
            (select a.id from video_answers a where a.task_id = ${task.id} and a.submitted_at is not null
               and (a.submitted_at, a.id) > (${answer.submittedAt.toISOString()}::timestamptz, ${answer.id}::uuid)
             order by a.submitted_at asc, a.id asc limit 1) as next`);
        const [found] = rowsOf<{ previous: string | null; next: string | null }>(neighbours);
        previousAnswerId = found?.previous ?? null;
        nextAnswerId = found?.next ?? null;
      }
      const video = await signFileLink(ctx.config.jwtSecret, file.id, actor.user.id);
      const poster = answer.posterFileId
        ? await signFileLink(ctx.config.jwtSecret, answer.posterFileId, actor.user.id)
        : null;
      const averages = task.rubric.map((item) => {
        const given = scores.filter((score) => score.itemId === item.id);
        const sum = given.reduce((total, score) => total + score.score, 0);
        return { itemId: item.id, average: given.length ? round2(sum / given.length) : null, count: given.length };
      });
      // Blind until the viewer scores this answer themselves (policies/judgement.ts).
      const seesOthers =
        reviewing && othersJudgementVisible(scores.some((score) => score.reviewerId === actor.user.id));
      // Scores of items since removed from the rubric no longer count.
      const counted = scores.filter((score) => task.rubric.some((item) => item.id === score.itemId));
      return {
        id: answer.id,
        task: presentVideoTask(task, ctx.config.videoMaxBytes),
        opening: { id: opening.id, title: opening.title },
        candidateName: candidate?.name ?? '',
        submittedAt: answer.submittedAt?.toISOString() ?? null,
        durationSeconds: answer.durationSeconds,
        contentType: file.contentType,
        videoUrl: video.url,
        posterUrl: poster?.url ?? null,
        linkExpiresAt: video.expiresAt,
        averages: seesOthers ? averages : [],
        averageScore:
          seesOthers && counted.length
            ? round2(counted.reduce((total, score) => total + score.score, 0) / counted.length)
            : null,
        myScores: scores
          .filter((score) => score.reviewerId === actor.user.id)
          .map((score) => ({ itemId: score.itemId, score: score.score })),
        comments: reviewing
          ? comments.map(({ comment, authorName }) => ({
              id: comment.id,
              atSeconds: comment.atSeconds,
              body: comment.body,
              authorName: authorName ?? '',
              mine: comment.authorId === actor.user.id,
              createdAt: comment.createdAt.toISOString(),
            }))
          : [],
        previousAnswerId,
        nextAnswerId,
        abilities: { score: reviewing, comment: reviewing },
      };
    };

    /** The audit entry about an answer: its opening, the candidate's application, the task and answer ids. */
    const answerAudit = async (
      db: Executor,
      row: Awaited<ReturnType<typeof loadAnswer>>,
      kind: 'videoAnswer.watched' | 'videoAnswer.scored',
    ) => {
      const [application] = await db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.openingId, row.opening.id), eq(applications.applicantId, row.answer.candidateId)));
      return {
        kind,
        openingId: row.opening.id,
        applicationId: application?.id ?? null,
        details: { taskId: row.task.id, title: row.task.title, answerId: row.answer.id } as Record<
          string,
          string | number | boolean | null
        >,
      };
    };

    const reviewerRecord = (row: Awaited<ReturnType<typeof loadAnswer>>) => {
      if (!row.organization) throw errors.forbidden('Only the organization can score this answer.');
      return row.organization;
    };

    app.get('/api/videoAnswer', { ...authenticated, schema: answerRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const row = await loadAnswer(ctx.db, request, actor, request.query.answer);
      const view = await presentAnswer(ctx.db, actor, row);
      // The organization's people watching an answer (the candidate's own viewing is not the organization's act).
      if (row.organization && row.answer.candidateId !== actor.user.id) {
        await recordAudit(
          ctx.db,
          row.organization.access.organizationId,
          actor.user.id,
          await answerAudit(ctx.db, row, 'videoAnswer.watched'),
          {
            onceOnly: true,
          },
        );
      }
      return ok(view);
    });

    app.put('/api/videoAnswer/scores', { ...authenticated, schema: scoreRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { answerId, scores } = request.body;
      const view = await ctx.db.transaction(async (tx) => {
        const row = await loadAnswer(tx, request, actor, answerId);
        authorize(actor, 'videoAnswer.score', reviewerRecord(row));
        const unknown = scores.findIndex((score) => !row.task.rubric.some((item) => item.id === score.itemId));
        if (unknown >= 0) {
          throw errors.validation([
            { field: `scores.${unknown}.itemId`, message: 'Not an item of this task’s rubric' },
          ]);
        }
        for (const score of scores) {
          await tx
            .insert(videoScores)
            .values({ answerId, reviewerId: actor.user.id, itemId: score.itemId, score: score.score })
            .onConflictDoUpdate({
              target: [videoScores.answerId, videoScores.reviewerId, videoScores.itemId],
              set: { score: score.score, updatedAt: sql`now()` },
            });
        }
        const organization = reviewerRecord(row);
        const entry = await answerAudit(tx, row, 'videoAnswer.scored');
        await recordAudit(tx, organization.access.organizationId, actor.user.id, {
          ...entry,
          details: {
            ...entry.details,
            // Rubric items by their labels as the reviewer saw them ("Clarity 4, Depth 3"), never their ids.
            scores: scores
              .map((score) => {
                const item = row.task.rubric.find((candidate) => candidate.id === score.itemId);
                return `${item?.label ?? score.itemId} ${score.score}`;
              })
              .join(', '),
          },
        });
        return presentAnswer(tx, actor, row);
      });
      return ok(view, VIDEO_TASK_MESSAGES.scored);
    });

    app.post('/api/videoAnswer/comments', { ...authenticated, schema: commentRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { answerId, atSeconds, body } = request.body;
      const comment = await ctx.db.transaction(async (tx) => {
        const row = await loadAnswer(tx, request, actor, answerId);
        authorize(actor, 'videoAnswer.score', reviewerRecord(row));
        const [inserted] = await tx
          .insert(videoComments)
          .values({ answerId, authorId: actor.user.id, atSeconds, body })
          .returning();
        if (!inserted) throw new Error('comment not written');
        return inserted;
      });
      return ok(
        {
          id: comment.id,
          atSeconds: comment.atSeconds,
          body: comment.body,
          authorName: actor.user.name ?? '',
          mine: true,
          createdAt: comment.createdAt.toISOString(),
        },
        VIDEO_TASK_MESSAGES.commented,
      );
    });
  };
}
