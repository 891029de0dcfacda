import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { membershipRoutes } from '../memberships';
import { verificationAccess } from './access';
import { verificationGroupRoutes } from './groups';
import { verificationRecordRoutes } from './records';
import { verificationRoleRoutes } from './roles';

/**
 * Verification groups: joining, requests, members and follows are the shared membership endpoints (routes/memberships,
 * with the kind in access.ts); this folder keeps what only verification groups have, one file per concern —
 * the groups with their approval (groups.ts), roles by email (roles.ts), verifying records (records.ts).
 */
export function verificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tools = verificationAccess(ctx);
  return async (app) => {
    await app.register(membershipRoutes(ctx, tools.kind));
    await app.register(verificationGroupRoutes(ctx, tools));
    await app.register(verificationRoleRoutes(ctx, tools));
    await app.register(verificationRecordRoutes(ctx, tools));
  };
}
