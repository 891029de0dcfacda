import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { placementBranchRoutes } from './branches';
import { placementCellRoutes } from './cells';
import { placementCompanyRoutes } from './companies';
import { placementCycleRoutes } from './cycles';
import { placementEnrolmentRoutes } from './enrolments';
import { placementOpeningRoutes } from './openings';
import { placementStudentRoutes } from './student';

/** Placement season (docs/ARCHITECTURE.md "Placement season"), one file per resource under /api/placement. */
export function placementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(placementCellRoutes(ctx));
    await app.register(placementBranchRoutes(ctx));
    await app.register(placementCycleRoutes(ctx));
    await app.register(placementEnrolmentRoutes(ctx));
    await app.register(placementCompanyRoutes(ctx));
    await app.register(placementOpeningRoutes(ctx));
    await app.register(placementStudentRoutes(ctx));
  };
}
