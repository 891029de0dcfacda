import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { EXPORT_CONTENT_TYPES } from '../../services/applications/export';
import { loadCellCycle } from '../../services/placement/cell-cycle';
import { cycleStatistics, unplacedPage } from '../../services/placement/statistics';
import { statisticsTable, tableStream } from '../../services/placement/statistics-export';
import { statisticsExportRouteSchema, statisticsRouteSchema, unplacedRouteSchema } from './schema';

/**
 * A placement cycle's statistics for its placement cell (docs/ARCHITECTURE.md "Placement season" → "Statistics and
 * notices"): the dashboard's figures, the unplaced students page, and every figure as CSV or XLSX. Reads only:
 * authenticate → validate → load the cycle → authorize (the cell, any role) → compute in SQL → present.
 */
export function placementStatisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const authenticated = { onRequest: ctx.authenticate };

    app.get(
      '/api/placement/cycles/statistics',
      { ...authenticated, schema: statisticsRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycle } = await loadCellCycle(ctx.db, actor, request.query.cycleId, 'placementCell.view');
        return ok(await cycleStatistics(ctx.db, cycle));
      },
    );

    app.get(
      '/api/placement/cycles/statistics/unplaced',
      { ...authenticated, schema: unplacedRouteSchema },
      async (request) => {
        const actor = actorOf(request);
        const { cycleId, offset, limit } = request.query;
        const { cycle } = await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
        return ok(await unplacedPage(ctx.db, cycle.id, offset, limit));
      },
    );

    app.get(
      '/api/placement/cycles/statistics/export',
      { ...authenticated, schema: statisticsExportRouteSchema },
      async (request, reply) => {
        const actor = actorOf(request);
        const { cycleId, figure, format } = request.query;
        const { cycle } = await loadCellCycle(ctx.db, actor, cycleId, 'placementCell.view');
        const stats = await cycleStatistics(ctx.db, cycle);
        const table = await statisticsTable(ctx.db, figure, stats);
        const day = new Date().toISOString().slice(0, 10);
        const fileName = `${cycle.name} ${table.sheet} ${day}.${format}`;
        return reply
          .header('Content-Type', EXPORT_CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .header('Access-Control-Expose-Headers', 'Content-Disposition')
          .header('Cache-Control', 'private, no-store')
          .send(tableStream(table, format));
      },
    );
  };
}
