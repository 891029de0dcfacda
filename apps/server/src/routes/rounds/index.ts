import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { roundBookingRoutes } from './bookings';
import { roundDayRoutes } from './day';
import { roundPanelLinkRoutes } from './panel-links';
import { roundScorecardRoutes } from './scorecards';
import { roundSettingsRoutes } from './settings';

/** Interviews and rounds (docs/ARCHITECTURE.md "Interviews and rounds"), one file per resource. */
export function roundRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(roundSettingsRoutes(ctx));
    await app.register(roundDayRoutes(ctx));
    await app.register(roundScorecardRoutes(ctx));
    await app.register(roundPanelLinkRoutes(ctx));
    await app.register(roundBookingRoutes(ctx));
  };
}
