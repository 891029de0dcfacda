import type { FastifyRequest } from 'fastify';
import { type Actor, actorOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { OrganizationAccess } from '../../policies/organization';
import { organizationAccessOf } from '../../services/organizations';
import { type LoadedRound, loadRound } from '../../services/rounds/rounds';

export const ORGANIZATION_BASE = '/api/organization/rounds';

/**
 * authenticate → (validated by the schema) → transaction → load the round (locked when asked) → authorize → act.
 * The presenter runs inside the same transaction so the answer shows what was committed.
 */
export function roundActions(ctx: AppContext) {
  const caller = async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const access = await organizationAccessOf(ctx.db, request, actor);
    return { actor, access };
  };
  return {
    caller,
    async inTransaction<T>(
      request: FastifyRequest,
      roundId: string,
      action: Parameters<typeof loadRound>[4],
      act: (tx: Executor, loaded: LoadedRound, actor: Actor, access: OrganizationAccess) => Promise<T>,
      lock: 'share' | 'update' = 'share',
    ): Promise<T> {
      const { actor, access } = await caller(request);
      return ctx.db.transaction(async (tx) => {
        const loaded = await loadRound(tx, actor, access, roundId, action, lock);
        return act(tx, loaded, actor, access);
      });
    },
    async read<T>(
      request: FastifyRequest,
      roundId: string,
      act: (db: Executor, loaded: LoadedRound, actor: Actor, access: OrganizationAccess) => Promise<T>,
    ): Promise<T> {
      const { actor, access } = await caller(request);
      const loaded = await loadRound(ctx.db, actor, access, roundId, 'round.view');
      return act(ctx.db, loaded, actor, access);
    },
  };
}
