import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { errors } from '../../errors';
import { ok } from '../../http/envelope';
import { authorize } from '../../policies';
import { loadCellCycle } from '../../services/placement/cell-cycle';
import {
  audienceProblem,
  cellNotices,
  markReceipt,
  noticeReceipts,
  ownReadyFiles,
  postNotice,
  presentCellNotice,
  presentStudentNotice,
  studentNotice,
  studentNotices,
} from '../../services/placement/notices';
import {
  acknowledgeNoticeRouteSchema,
  cellNoticesRouteSchema,
  createNoticeRouteSchema,
  noticeReceiptsRouteSchema,
  readNoticeRouteSchema,
  studentNoticesRouteSchema,
} from './schema';

/**
 * Notices of a placement cycle (docs/ARCHITECTURE.md "Placement season" → "Statistics and notices"): the cell posts
 * and follows them; each student reads and acknowledges their own (scoped by their receipt in SQL: a notice that did
 * not reach you is a 404, like an unknown one).
 */
export function placementNoticeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.post(
      '/api/placement/cycles/notices',
      { ...authenticated, schema: createNoticeRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const input = request.body;
        const notice = await ctx.db.transaction(async (tx) => {
          const { cycle } = await loadCellCycle(tx, actor, input.cycleId, 'placementNotice.post');
          const problem = await audienceProblem(tx, cycle, input.audience);
          if (problem) throw errors.validation([problem]);
          const ids = [...new Set(input.attachmentFileIds)];
          const own = await ownReadyFiles(tx, actor.user.id, ids);
          const missing = ids.findIndex((id) => !own.has(id));
          if (missing >= 0) {
            throw errors.validation([
              {
                field: `attachmentFileIds.${missing}`,
                message: 'Attach files you uploaded (this one is not yours or not ready)',
              },
            ]);
          }
          return postNotice(tx, {
            cycle,
            createdBy: actor.user.id,
            title: input.title,
            body: input.body,
            audience: input.audience,
            attachmentFileIds: ids,
            requiresAck: input.requiresAck,
          });
        });
        return ok(
          presentCellNotice(notice),
          `Notice sent to ${notice.recipients} student${notice.recipients === 1 ? '' : 's'}`,
        );
      },
    );

    app.get('/api/placement/cycles/notices', { ...authenticated, schema: cellNoticesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      const { cycle } = await loadCellCycle(ctx.db, actor, request.query.cycleId, 'placementCell.view');
      return ok({ items: (await cellNotices(ctx.db, cycle.id)).map(presentCellNotice) });
    });

    app.get(
      '/api/placement/cycles/notices/receipts',
      { ...authenticated, schema: noticeReceiptsRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { noticeId, show, offset, limit } = request.query;
        const found = (await ctx.db.execute(
          sql`select cycle_id from cycle_notices where id = ${noticeId}::uuid`,
        )) as unknown as { rows: Array<{ cycle_id: string }> };
        const cycleId = found.rows[0]?.cycle_id;
        if (!cycleId) throw errors.notFound('That notice');
        await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
        return ok(await noticeReceipts(ctx.db, noticeId, show, offset, limit));
      },
    );

    app.get('/api/placement/my/notices', { ...authenticated, schema: studentNoticesRouteSchema }, async (request) => {
      const actor = actorOf(request);
      return ok(await studentNotices(ctx.db, actor.user.id, request.query));
    });

    const answer =
      (acknowledge: boolean) => async (request: { body: { noticeId: string } } & Parameters<typeof actorOf>[0]) => {
        const actor = actorOf(request);
        const { noticeId } = request.body;
        const row = await ctx.db.transaction(async (tx) => {
          const notice = await studentNotice(tx, actor.user.id, noticeId);
          if (!notice) throw errors.notFound('That notice');
          authorize(actor, 'placementNotice.receive', { recipientId: actor.user.id });
          if (acknowledge && !notice.requires_ack)
            throw errors.conflict('This notice does not ask for an acknowledgement.');
          await markReceipt(tx, actor.user.id, noticeId, acknowledge);
          return studentNotice(tx, actor.user.id, noticeId);
        });
        if (!row) throw errors.notFound('That notice');
        return ok(presentStudentNotice(row), acknowledge ? 'Acknowledged' : 'Marked as read');
      };

    app.post('/api/placement/my/notices/read', { ...authenticated, schema: readNoticeRouteSchema }, answer(false));
    app.post(
      '/api/placement/my/notices/acknowledge',
      { ...authenticated, schema: acknowledgeNoticeRouteSchema },
      answer(true),
    );
  };
}
